import { formatKwacha, toKwacha } from '../../../shared/money';
import type { BadgeTone } from '../../components/ui/badge';
import { RETURN_STATE_LABELS, type ReturnState } from '../../../shared/returns';
import type { ReturnView } from './types';

export const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

export const returnStateLabel = (state: ReturnState): string => RETURN_STATE_LABELS[state];

export const RETURN_STATE_TONES: Record<ReturnState, BadgeTone> = {
  requested: 'amber',
  accepted: 'blue',
  received: 'purple',
  refunded: 'green',
  exchanged: 'green',
  refused: 'red',
};

/** The steps a return goes through; the last is its outcome's. A refused one stops after Requested. */
export function returnSteps(ret: Pick<ReturnView, 'state' | 'outcome' | 'timeline'>) {
  const last: ReturnState = ret.state === 'refused' ? 'refused' : ret.outcome === 'exchange' ? 'exchanged' : 'refunded';
  const path: ReturnState[] =
    ret.state === 'refused' ? ['requested', 'refused'] : ['requested', 'accepted', 'received', last];
  return path.map((state) => {
    const reached = ret.timeline.find((entry) => entry.state === state);
    return { state, label: returnStateLabel(state), at: reached?.at ?? null };
  });
}

/** One short line for the shopper: what happens now. */
export function shopperNextStep(ret: ReturnView): string {
  switch (ret.state) {
    case 'requested':
      return 'We will look at your request soon and send you a text.';
    case 'accepted':
      return 'Accepted. Please bring the items back.';
    case 'received':
      return ret.outcome === 'refund'
        ? 'We have the items back. Your money is on its way.'
        : 'We have the items back. Your new items are being made ready.';
    case 'refunded':
      return `${kwacha(ret.refund?.amountNgwee ?? ret.amountNgwee)} sent back to your wallet.`;
    case 'exchanged':
      return 'Exchanged: your new items are in a new order.';
    case 'refused':
      return ret.refusalReason ? `Refused: ${ret.refusalReason}` : 'Refused.';
  }
}
