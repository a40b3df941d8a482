import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Payout, PayoutRunDetail } from '../../../../shared/schemas/payouts';
import { Badge } from '../../../components/ui/badge';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isNotFound } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { formatDateTime } from '../../../lib/format';
import { useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuth } from '../../auth';
import { kwachaOf } from '../members';
import { proposedSkips, useApproveRun, usePayoutRun } from './api';
import { CancelRunDialog, ResolvePayoutDialog, SentByHandDialog } from './note-dialogs';
import { PayoutCard } from './payout-card';
import { ANOTHER_ADMIN_MUST_APPROVE, countsWords, runStateWords, SKIP_WORDS } from './payout-words';

const who = (person: { name: string } | null) => person?.name || 'a former admin';

/** Who proposed, confirmed, approved or cancelled it; and what the admin looking at it may do next. */
function RunHead({ run }: { run: PayoutRunDetail }) {
  const { user } = useAuth();
  const approve = useApproveRun(run._id);
  const [cancelling, setCancelling] = useState(false);
  const mine = user !== null && run.proposedBy?._id === user._id;
  const { label, tone } = runStateWords(run);
  const refusal = approve.error ? failureMessage(approve.error, 'Failed to approve the payout run') : null;

  return (
    <section aria-labelledby="run-heading" className="space-y-3 rounded-2xl border border-sand-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="run-heading" className="text-3xl font-bold">
            Payouts for {run.periodLabel}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone={tone}>{label}</Badge>
            <span className="text-sm text-bark-700">{countsWords(run.counts)}</span>
          </div>
        </div>
        <div className="sm:text-right">
          <p className="text-2xl font-bold whitespace-nowrap">{kwachaOf(run.totalNgwee)}</p>
          <p className="text-sm text-bark-700">
            {run.payoutCount} {run.payoutCount === 1 ? 'member' : 'members'}
          </p>
        </div>
      </div>
      <div className="space-y-1 text-sm text-bark-700">
        <p>
          {run.trigger === 'schedule' ? 'Proposed by the monthly schedule' : `Proposed by ${who(run.proposedBy)}`},{' '}
          {formatDateTime(run.createdAt)}
          {run.trigger === 'schedule' && run.proposedBy && `; confirmed by ${run.proposedBy.name}`}
        </p>
        {run.approvedBy && run.approvedAt && (
          <p>
            Approved by {who(run.approvedBy)}, {formatDateTime(run.approvedAt)}
          </p>
        )}
        {run.cancelledBy && (
          <p className="break-words">
            Cancelled by {run.cancelledBy.name}: {run.cancelledBy.note}
          </p>
        )}
        {run.stuck > 0 && (
          <p className="font-semibold text-amber-900">
            {run.stuck} on {run.stuck === 1 ? 'its' : 'their'} way for over a day: check the provider&apos;s portal.
          </p>
        )}
      </div>
      {refusal && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-2 text-sm break-words text-red-900">
          {refusal}
        </p>
      )}
      {run.state === 'proposed' && (
        <>
          {run.awaitingApproval && mine && <p className="font-semibold text-bark-900">{ANOTHER_ADMIN_MUST_APPROVE}.</p>}
          {run.awaitingConfirmation && (
            <p className="text-bark-900">
              The monthly schedule proposed it: one admin confirms it, another approves it.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {!(run.awaitingApproval && mine) && (
              <Button disabled={approve.isPending} onClick={() => approve.mutate()}>
                {approve.isPending ? 'Saving...' : run.awaitingConfirmation ? 'Confirm run' : 'Approve and send'}
              </Button>
            )}
            <Button variant="outline" aria-haspopup="dialog" onClick={() => setCancelling(true)}>
              Cancel run
            </Button>
          </div>
        </>
      )}
      <CancelRunDialog run={run} open={cancelling} onClose={() => setCancelling(false)} />
    </section>
  );
}

function Skipped({ runId }: { runId: string }) {
  const skipped = proposedSkips(useQueryClient(), runId);
  if (!skipped || skipped.length === 0) return null;
  return (
    <section aria-labelledby="skipped-heading" className="rounded-2xl border border-sand-200 bg-sand-50 p-4 text-sm">
      <h2 id="skipped-heading" className="font-sans font-semibold text-bark-900">
        Not in this run
      </h2>
      <ul className="mt-1 space-y-1">
        {skipped.map((skip) => (
          <li key={skip.member._id} className="break-words">
            {skip.member.name}: {kwachaOf(skip.balanceNgwee)} owed, {SKIP_WORDS[skip.reason]}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One payout run (/admin/payouts/runs/:id): each member's payout, its wallet, route, amount, lines and state. */
export function PayoutRunPage() {
  const { id = '' } = useParams();
  const run = usePayoutRun(id);
  const [sending, setSending] = useState<Payout | null>(null);
  const [resolving, setResolving] = useState<Payout | null>(null);
  useDocumentTitle(run.data ? `Payouts for ${run.data.periodLabel}` : 'Payout run');

  let body;
  if (run.isPending) body = <Spinner label="Loading the payout run" />;
  else if (!run.data && isNotFound(run.error))
    body = (
      <div role="alert" className="rounded-2xl border border-sand-300 bg-white p-6 text-center">
        <p className="mb-4 font-semibold">No payout run at this address.</p>
        <ButtonLink to="/admin/payouts" variant="outline">
          Back to payouts
        </ButtonLink>
      </div>
    );
  else if (!run.data)
    body = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="mb-4 font-semibold text-red-900">Failed to load the payout run. Please try again.</p>
        <Button onClick={() => run.refetch()} disabled={run.isRefetching}>
          Try again
        </Button>
      </div>
    );
  else
    body = (
      <>
        <RunHead run={run.data} />
        <Skipped runId={run.data._id} />
        <section aria-labelledby="run-payouts-heading" className="space-y-3" aria-busy={run.isFetching}>
          <h2 id="run-payouts-heading" className="text-xl font-bold">
            Payouts
          </h2>
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Payouts of this run">
            {run.data.payouts.map((payout) => (
              <li key={payout._id} className="rounded-2xl border border-sand-200 bg-white p-4">
                <PayoutCard payout={payout} actions={{ onSentByHand: setSending, onResolve: setResolving }} />
              </li>
            ))}
          </ul>
        </section>
      </>
    );

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <Breadcrumb items={[{ label: 'Payouts', to: '/admin/payouts' }, { label: run.data?.periodLabel ?? 'Run' }]} />
      {body}
      <SentByHandDialog payout={sending} onClose={() => setSending(null)} />
      <ResolvePayoutDialog payout={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}
