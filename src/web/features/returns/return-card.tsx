import { nameWithVariant } from '../../../shared/variants';
import { orderReference } from '../../../shared/order-status';
import { Badge } from '../../components/ui/badge';
import { Link } from '../../lib/router';
import { ReturnTimeline } from './return-timeline';
import { kwacha, RETURN_STATE_TONES, returnStateLabel, shopperNextStep } from './return-words';
import type { ReturnView } from './types';

const STILL_TO_BRING = new Set(['requested', 'accepted']);

/** One of the shopper's returns: what goes back, where to bring it, and where it stands. */
export function ReturnCard({ ret, signedIn }: { ret: ReturnView; signedIn: boolean }) {
  const units = ret.lines.reduce((sum, line) => sum + line.qty, 0);
  return (
    <article
      aria-labelledby={`return-${ret.id}-title`}
      className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5"
      data-testid="return-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`return-${ret.id}-title`} className="text-lg font-bold">
          Return {ret.number}
        </h3>
        <span data-testid="return-state">
          <Badge tone={RETURN_STATE_TONES[ret.state]}>{returnStateLabel(ret.state)}</Badge>
        </span>
      </div>
      <p className="mt-1 font-semibold text-bark-900" data-testid="return-next">
        {shopperNextStep(ret)}
      </p>
      <ul className="mt-3 space-y-1 text-sm">
        {ret.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {line.qty} x {nameWithVariant(line.name, line.variantText)}
            </span>
            <span className="shrink-0 tabular-nums">{kwacha(line.shareNgwee)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-bark-700">
        {units === 1 ? '1 item' : `${units} items`} · {ret.reasonLabel} ·{' '}
        {ret.outcome === 'refund' ? 'Money back' : 'Exchange'}
      </p>
      {ret.outcome === 'exchange' && ret.exchange.length > 0 && (
        <p className="mt-1 text-sm text-bark-800">
          For: {ret.exchange.map((item) => `${item.qty} x ${nameWithVariant(item.name, item.variantText)}`).join(', ')}
        </p>
      )}
      {ret.replacementOrderId && (
        <p className="mt-1 text-sm">
          New order:{' '}
          {signedIn ? (
            <Link
              to={`/account/orders/${ret.replacementOrderId}`}
              className="inline-flex min-h-11 items-center font-mono font-semibold text-forest-800 underline"
            >
              #{orderReference(ret.replacementOrderId)}
            </Link>
          ) : (
            <span className="font-mono font-semibold">#{orderReference(ret.replacementOrderId)}</span>
          )}
          {ret.differenceNgwee !== null && ret.differenceNgwee > 0 && ` · ${kwacha(ret.differenceNgwee)} to pay`}
          {ret.differenceNgwee !== null && ret.differenceNgwee < 0 && ` · ${kwacha(-ret.differenceNgwee)} back to you`}
        </p>
      )}
      {STILL_TO_BRING.has(ret.state) && (
        <div className="mt-3 rounded-xl bg-sand-50 p-3 text-sm">
          <p className="font-semibold text-bark-900">
            {ret.where.kind === 'pickup' ? 'Where to bring it' : 'How it comes back'}
          </p>
          <p className="break-words text-bark-800" data-testid="return-where">
            {ret.where.text}
          </p>
        </div>
      )}
      <div className="mt-4">
        <ReturnTimeline ret={ret} />
      </div>
    </article>
  );
}
