import { useState } from 'react';
import type { Payout } from '../../../../shared/schemas/payouts';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { useMemberPayouts } from './api';
import { ResolvePayoutDialog, SentByHandDialog } from './note-dialogs';
import { PayoutCard } from './payout-card';

/** A member's payouts on her page, newest first, each with its state as it moves. */
export function MemberPayouts({ memberId }: { memberId: string }) {
  const [page, setPage] = useState(1);
  const payouts = useMemberPayouts(memberId, page);
  const [sending, setSending] = useState<Payout | null>(null);
  const [resolving, setResolving] = useState<Payout | null>(null);
  const data = payouts.data;

  let body;
  if (payouts.isPending) body = <Spinner label="Loading her payouts" />;
  else if (!data)
    body = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-center text-red-900">
        <p className="mb-3 font-semibold">Failed to load her payouts. Please try again.</p>
        <Button onClick={() => payouts.refetch()} disabled={payouts.isRefetching}>
          Try again
        </Button>
      </div>
    );
  else if (data.payouts.length === 0)
    body = <p className="rounded-2xl border border-sand-200 bg-white p-6 text-center text-bark-800">No payouts yet.</p>;
  else
    body = (
      <>
        <ul
          className={`grid gap-3 md:grid-cols-2 ${payouts.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label="Her payouts"
        >
          {data.payouts.map((payout) => (
            <li key={payout._id} className="rounded-2xl border border-sand-200 bg-white p-4">
              <PayoutCard
                payout={payout}
                showPeriod="as-title"
                actions={{ onSentByHand: setSending, onResolve: setResolving }}
              />
            </li>
          ))}
        </ul>
        <Pagination page={page} pages={data.pages} onPageChange={setPage} label="Pages of her payouts" />
      </>
    );

  return (
    <section aria-labelledby="payouts-heading" className="space-y-3">
      <h2 id="payouts-heading" className="text-xl font-bold">
        Payouts
      </h2>
      {body}
      <SentByHandDialog payout={sending} onClose={() => setSending(null)} />
      <ResolvePayoutDialog payout={resolving} onClose={() => setResolving(null)} />
    </section>
  );
}
