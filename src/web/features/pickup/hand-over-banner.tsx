import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import HandCoins from 'lucide-react/icons/hand-coins';
import type { PickupView } from '../../../shared/schemas/orders';
import { formatKwacha } from '../../lib/format';

/** Whether the parcel may go: paid, paid now to the keeper (pay on collection), or not paid yet. */
export type HandOver = { kind: 'paid' } | { kind: 'take-money'; amount: number } | { kind: 'not-paid' };

/** The server answers what is due; an order neither paid nor paid to the keeper waits for its money. */
export function handOverOf(view: Pick<PickupView, 'paid' | 'toCollect'>): HandOver {
  if (view.paid) return { kind: 'paid' };
  if (view.toCollect !== null) return { kind: 'take-money', amount: view.toCollect };
  return { kind: 'not-paid' };
}

const tones = {
  paid: 'border-forest-600 bg-forest-50 text-forest-900',
  'take-money': 'border-amber-400 bg-amber-50 text-bark-900',
  'not-paid': 'border-red-600 bg-red-50 text-red-900',
} as const;

/**
 * The keeper's first question, answered in large type before anything is typed (decisions 038, 045):
 * a keeper at a busy counter reads one line, not the form.
 */
export function HandOverBanner({ handOver, id }: { handOver: HandOver; id?: string }) {
  const Icon = handOver.kind === 'paid' ? CircleCheck : handOver.kind === 'take-money' ? HandCoins : CircleAlert;
  return (
    <div
      id={id}
      data-testid="hand-over"
      className={`mb-4 flex items-start gap-3 rounded-xl border-2 p-4 ${tones[handOver.kind]}`}
    >
      <Icon aria-hidden="true" className="mt-1 h-7 w-7 shrink-0" />
      {handOver.kind === 'paid' ? (
        <p className="text-2xl leading-tight font-bold">Paid — hand it over</p>
      ) : handOver.kind === 'take-money' ? (
        <p className="text-2xl leading-tight font-bold" data-testid="to-collect">
          Take <span className="whitespace-nowrap tabular-nums">{formatKwacha(handOver.amount)}</span> before handing
          the parcel over
        </p>
      ) : (
        <div>
          <p className="text-2xl leading-tight font-bold">Not paid yet — do not hand it over</p>
          <p className="mt-2 text-base">
            The customer pays first, from their order page. Check again once they say they have paid.
          </p>
        </div>
      )}
    </div>
  );
}
