import { periodLabelOf } from '../../../../shared/payouts';
import type { Payout, PayoutWithLines } from '../../../../shared/schemas/payouts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { kwachaOf, memberPath, walletWords } from '../members';
import { PAYOUT_STATE_TONES, PAYOUT_STUCK_WORDS, payoutStateWords, routeWords } from './payout-words';

export interface PayoutActions {
  onSentByHand?: (payout: Payout) => void;
  onResolve?: (payout: Payout) => void;
}

/** By hand: the treasurer sends it once the run is approved, then records it here. */
const waitsForHand = (payout: Payout) => payout.route === 'by-hand' && payout.state === 'approved';
const needsDealing = (payout: Payout) => payout.state === 'failed' && !payout.resolved;

function Lines({ payout }: { payout: PayoutWithLines }) {
  if (payout.lines.length === 0) return null;
  return (
    <details className="mt-2 rounded-xl border border-sand-200">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-forest-800">
        What it pays for ({payout.lines.length} {payout.lines.length === 1 ? 'line' : 'lines'})
      </summary>
      <ul className="divide-y divide-sand-200 text-sm" aria-label={`Lines of ${payout.member.name}'s payout`}>
        {payout.lines.map((line, index) => (
          <li key={`${line.orderId}-${index}`} className="flex items-start justify-between gap-3 px-3 py-2">
            <span className="min-w-0 break-words">
              {line.kind === 'refund' ? `Refund: ${line.product}` : `${line.quantity} × ${line.product}`}
              <span className="block font-mono text-xs text-bark-600">Order {line.orderNumber}</span>
            </span>
            <span className={`font-semibold whitespace-nowrap ${line.amountNgwee < 0 ? 'text-red-800' : ''}`}>
              {kwachaOf(line.amountNgwee)}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One transfer to one member's wallet: where it goes, how, its state as it moves, and what to do about it. */
export function PayoutCard({
  payout,
  actions,
  showPeriod = false,
}: {
  payout: Payout | PayoutWithLines;
  actions?: PayoutActions;
  /**
   * Which month's run it was, beside its amount (the failed list), or in place of her name (her own page,
   * where each payout is hers).
   */
  showPeriod?: boolean | 'as-title';
}) {
  const sendByHand = waitsForHand(payout) ? actions?.onSentByHand : undefined;
  const resolve = needsDealing(payout) ? actions?.onResolve : undefined;
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {showPeriod === 'as-title' ? (
            <p className="font-semibold text-bark-900">{periodLabelOf(payout.period)}</p>
          ) : (
            <Link
              to={memberPath(payout.member)}
              className="inline-flex min-h-11 items-center font-semibold break-words text-forest-800 underline underline-offset-4"
            >
              {payout.member.name}
            </Link>
          )}
          <p className="text-sm text-bark-800">{walletWords(payout)}</p>
          <p className="text-sm text-bark-700">{routeWords(payout.route)}</p>
        </div>
        <div className={`shrink-0 text-right ${showPeriod === 'as-title' ? '' : 'pt-3'}`}>
          <p className="font-bold whitespace-nowrap text-bark-900">{kwachaOf(payout.amountNgwee)}</p>
          {showPeriod === true && <p className="text-sm text-bark-700">{periodLabelOf(payout.period)}</p>}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={PAYOUT_STATE_TONES[payout.state]}>{payoutStateWords(payout.state)}</Badge>
        {payout.endedAt && <span className="text-bark-700">{formatDateTime(payout.endedAt)}</span>}
      </div>
      {payout.summary && <p className="mt-1 text-sm break-words text-bark-800">{payout.summary}</p>}
      {payout.stuck && (
        <p className="mt-2 rounded-xl border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">
          {PAYOUT_STUCK_WORDS}.
        </p>
      )}
      {payout.state === 'failed' && (
        <p className="mt-2 rounded-xl border border-red-200 bg-red-50 p-2 text-sm break-words text-red-900">
          Failed: {payout.failureReason ?? 'no reason given'}. She is owed the money again; the next run pays it.
        </p>
      )}
      {waitsForHand(payout) && (
        <p className="mt-2 text-sm text-bark-800">Send it from the co-op&apos;s phone, then record it here.</p>
      )}
      {payout.sentByHand && (
        <p className="mt-2 text-sm break-words text-bark-700">
          Sent by hand, recorded by {payout.sentByHand.name}: {payout.sentByHand.note}
        </p>
      )}
      {payout.resolved && (
        <p className="mt-2 text-sm break-words text-bark-700">
          Dealt with by {payout.resolved.name}: {payout.resolved.note}
        </p>
      )}
      {payout.providerTransactionId && (
        <p className="mt-1 text-sm text-bark-600">
          Transaction id <span className="font-mono break-all text-bark-900">{payout.providerTransactionId}</span>
        </p>
      )}
      {'lines' in payout && <Lines payout={payout} />}
      {(sendByHand || resolve) && (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          {sendByHand && (
            <Button
              size="sm"
              aria-haspopup="dialog"
              onClick={() => sendByHand(payout)}
              aria-label={`Record ${payout.member.name}'s payout as sent`}
            >
              Record as sent
            </Button>
          )}
          {resolve && (
            <Button
              size="sm"
              variant="secondary"
              aria-haspopup="dialog"
              onClick={() => resolve(payout)}
              aria-label={`Mark ${payout.member.name}'s failed payout as dealt with`}
            >
              Mark as dealt with
            </Button>
          )}
        </div>
      )}
    </>
  );
}
