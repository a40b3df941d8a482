import { useState } from 'react';
import type { Payout, PayoutRun, SkippedMember } from '../../../../shared/schemas/payouts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { formatDate } from '../../../lib/format';
import { Link, useNavigate } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { kwachaOf } from '../members';
import { useFailedPayouts, usePayoutRuns, useProposeRun } from './api';
import { ResolvePayoutDialog } from './note-dialogs';
import { PayoutCard } from './payout-card';
import { countsWords, runStateWords, SKIP_WORDS } from './payout-words';
import { runPath } from './run-path';

/** What a 409 of POST /payouts/runs adds to its message: the run that waits, or who was left out and why. */
interface ProposeRefusal {
  runId?: string;
  skipped?: SkippedMember[];
}

function ProposeRun() {
  const propose = useProposeRun();
  const navigate = useNavigate();
  const refusal = propose.error;
  const extra = refusal instanceof ApiError ? ((refusal.data ?? {}) as ProposeRefusal) : {};
  return (
    <div className="space-y-3">
      <Button
        disabled={propose.isPending}
        onClick={() => propose.mutate(undefined, { onSuccess: (run) => navigate(runPath(run)) })}
      >
        {propose.isPending ? 'Proposing...' : 'Propose a payout run'}
      </Button>
      {refusal && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm break-words text-red-900">
          <p className="font-semibold">{failureMessage(refusal, 'Failed to propose a payout run')}</p>
          {extra.runId && (
            <Link
              to={runPath({ _id: extra.runId })}
              className="inline-flex min-h-11 items-center font-semibold underline"
            >
              Open the run waiting for approval
            </Link>
          )}
          {extra.skipped && extra.skipped.length > 0 && (
            <ul className="mt-1 space-y-1">
              {extra.skipped.map((skip) => (
                <li key={skip.member._id}>
                  {skip.member.name}: {kwachaOf(skip.balanceNgwee)} owed, {SKIP_WORDS[skip.reason]}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** Failed payouts nobody has dealt with: her shares are owed again; the next run pays them. */
function FailedPayouts() {
  const failed = useFailedPayouts();
  const [resolving, setResolving] = useState<Payout | null>(null);
  const payouts = failed.data?.payouts ?? [];
  if (payouts.length === 0) return null;
  return (
    <section aria-labelledby="failed-heading" className="space-y-3">
      <h2 id="failed-heading" className="text-xl font-bold text-red-900">
        Failed payouts ({payouts.length})
      </h2>
      <ul className="grid gap-3 lg:grid-cols-2" aria-label="Failed payouts">
        {payouts.map((payout) => (
          <li key={payout._id} className="rounded-2xl border border-red-200 bg-white p-4">
            <PayoutCard payout={payout} showPeriod actions={{ onResolve: setResolving }} />
          </li>
        ))}
      </ul>
      <ResolvePayoutDialog payout={resolving} onClose={() => setResolving(null)} />
    </section>
  );
}

function RunCard({ run }: { run: PayoutRun }) {
  const { label, tone } = runStateWords(run);
  return (
    <li className="rounded-2xl border border-sand-200 bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={runPath(run)}
            className="inline-flex min-h-11 items-center text-lg font-bold text-forest-800 underline underline-offset-4"
          >
            {run.periodLabel}
          </Link>
          <p className="text-sm text-bark-700">
            {run.trigger === 'schedule'
              ? 'Monthly schedule'
              : `Proposed by ${run.proposedBy?.name || 'a former admin'}`}
            , {formatDate(run.createdAt)}
          </p>
        </div>
        <p className="shrink-0 pt-2 text-lg font-bold whitespace-nowrap">{kwachaOf(run.totalNgwee)}</p>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={tone}>{label}</Badge>
        <span className="text-bark-700">
          {run.payoutCount} {run.payoutCount === 1 ? 'member' : 'members'}
          {countsWords(run.counts) && `: ${countsWords(run.counts)}`}
        </span>
        {run.stuck > 0 && <Badge tone="amber">{run.stuck} on its way over a day</Badge>}
      </div>
    </li>
  );
}

/**
 * Members' payouts (docs/decisions/064-member-payouts.md): one admin proposes a run of what each member is
 * owed, another approves it, and the shop sends each payout to her wallet. Failed ones come first.
 */
export function PayoutsPage() {
  useDocumentTitle('Payouts');
  const [page, setPage] = useState(1);
  const runs = usePayoutRuns(page);
  const data = runs.data;

  let list;
  if (runs.isPending) list = <Spinner label="Loading payout runs" />;
  else if (!data)
    list = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="mb-4 font-semibold text-red-900">Failed to load payout runs. Please try again.</p>
        <Button onClick={() => runs.refetch()} disabled={runs.isRefetching}>
          Try again
        </Button>
      </div>
    );
  else if (data.runs.length === 0)
    list = (
      <div className="rounded-2xl border border-sand-200 bg-white p-8 text-center">
        <p className="font-semibold">No payout runs yet.</p>
        <p className="mt-1 text-bark-700">Propose one when members are owed their shares.</p>
      </div>
    );
  else
    list = (
      <>
        <ul
          className={`grid gap-3 lg:grid-cols-2 ${runs.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label="Payout runs"
          aria-busy={runs.isFetching}
        >
          {data.runs.map((run) => (
            <RunCard key={run._id} run={run} />
          ))}
        </ul>
        <Pagination page={page} pages={data.pages} onPageChange={setPage} label="Payout run pages" />
      </>
    );

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-3xl font-bold">Payouts</h1>
        <p className="mt-1 text-bark-700">
          Members&apos; shares sent to their wallets. One admin proposes a run; another approves it.
        </p>
      </div>
      <ProposeRun />
      <FailedPayouts />
      <section aria-labelledby="runs-heading" className="space-y-3">
        <h2 id="runs-heading" className="text-xl font-bold">
          Runs
        </h2>
        {list}
      </section>
    </div>
  );
}
