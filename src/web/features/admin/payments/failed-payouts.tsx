import CircleCheck from 'lucide-react/icons/circle-check';
import { useState } from 'react';
import { PAYOUT_NOTE_MAX_LENGTH, PAYOUT_ROUTE_LABELS, periodLabelOf } from '../../../../shared/payouts';
import type { FailedPayout } from '../../../../shared/schemas/payments';
import { resolvePayoutSchema } from '../../../../shared/schemas/payouts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatKwacha } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { runPath } from '../payouts';
import { localMobile } from '../refunds/refund-words';
import { NoteDialog } from '../shared/note-dialog';
import { useResolvePayout } from './api';

/**
 * Members' payouts that failed and nobody has dealt with, first on Needs attention after the money owed
 * back (docs/decisions/064-member-payouts.md). Her shares are owed again: the next run pays them. An admin
 * marks one dealt with once she knows why (a wrong number, a short float), which takes it off the list.
 */
export function FailedPayouts({ payouts }: { payouts: FailedPayout[] }) {
  const [resolving, setResolving] = useState<FailedPayout | null>(null);
  const resolve = useResolvePayout();
  if (payouts.length === 0) return null;
  return (
    <section aria-labelledby="failed-payouts-heading" className="rounded-2xl border border-red-200 bg-red-50 p-4">
      <h2 id="failed-payouts-heading" className="font-semibold text-red-900">
        Members' payouts that failed ({payouts.length})
      </h2>
      <p className="mt-1 text-sm text-bark-800">
        The money did not leave: each member is owed it again and the next{' '}
        <Link to="/admin/payouts" className="font-semibold underline">
          payout run
        </Link>{' '}
        includes it.
      </p>
      <ul className="mt-3 space-y-2">
        {payouts.map((payout) => (
          <li
            key={payout._id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sand-200 bg-white p-3"
          >
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-bark-900">
                {payout.member.name}: {formatKwacha(payout.amount)} for {periodLabelOf(payout.period)}
              </p>
              <p className="text-bark-800">
                {PAYOUT_ROUTE_LABELS[payout.route]} to {localMobile(payout.mobile)}
                {payout.endedAt && ` · ${formatDateTime(payout.endedAt)}`}
              </p>
              <p className="mt-1 break-words text-red-900">
                <Badge tone="red">Failed</Badge> {payout.failureReason ?? 'The provider gave no reason.'}
              </p>
              <Link
                to={runPath({ _id: payout.runId })}
                className="inline-flex min-h-11 items-center font-semibold text-forest-800 underline underline-offset-4"
              >
                Open the payout run
              </Link>
            </div>
            <Button
              variant="secondary"
              size="sm"
              className="min-h-11 whitespace-nowrap"
              aria-haspopup="dialog"
              aria-label={`Mark ${payout.member.name}'s failed payout as dealt with`}
              onClick={() => setResolving(payout)}
            >
              <CircleCheck aria-hidden="true" className="h-4 w-4" />
              Mark as dealt with
            </Button>
          </li>
        ))}
      </ul>
      <NoteDialog
        open={resolving !== null}
        onClose={() => setResolving(null)}
        title="Mark as dealt with"
        description={
          resolving && (
            <>
              {resolving.member.name}'s payout of {formatKwacha(resolving.amount)} failed. She is still owed it. Your
              name, the time and this note are kept with the payout, and it leaves Needs attention.
            </>
          )
        }
        formId="resolve-payout-form"
        label="What was done?"
        placeholder="For example: her number was wrong, wallet change asked; or: float topped up"
        maxLength={PAYOUT_NOTE_MAX_LENGTH}
        schema={resolvePayoutSchema}
        saving={resolve.isPending}
        onSave={(note) => {
          if (resolving) resolve.mutate({ id: resolving._id, note }, { onSuccess: () => setResolving(null) });
        }}
      />
    </section>
  );
}
