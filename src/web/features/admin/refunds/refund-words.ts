import { formatKwacha, toKwacha } from '../../../../shared/money';
import { COLLECTION_PROVIDER_NAMES, type CollectionProviderId } from '../../../../shared/payment-methods';
import {
  needsSecondAdmin,
  REFUND_STUCK_HOURS,
  type RefundApprovalRule,
  type RefundState,
} from '../../../../shared/refunds';
import type { OrderRefunds, Refund, RefundSource } from '../../../../shared/schemas/refunds';
import type { BadgeTone } from '../../../components/ui/badge';

/** +260971234567 as a Zambian reads it on their own phone: 097 123 4567 (anything else as it is). */
export function localMobile(phone: string): string {
  const match = /^\+260(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : phone;
}

/** The networks' short names before a number; any other provider by its registry name. */
const NETWORK: Record<string, string> = { mtn: 'MTN', airtel: 'Airtel' };
const networkName = (provider: string) =>
  NETWORK[provider] ?? COLLECTION_PROVIDER_NAMES[provider as CollectionProviderId] ?? provider;

/** What kind of send a route is, in brackets after the number. */
const ROUTE_KIND: Record<Exclude<Refund['route'], 'by-hand'>, string> = {
  'mtn-refund': 'MTN refund',
  'airtel-refund': 'Airtel refund of the whole payment',
  'airtel-disbursement': 'Airtel transfer',
};

type Routed = Pick<RefundSource, 'route' | 'provider' | 'phone'>;

/** Where the money goes and how: "To MTN 097 123 4567 (MTN refund)", or "By hand". */
export function routeInWords({ route, provider, phone }: Routed): string {
  if (route === 'by-hand') return 'By hand';
  const network = provider ? `${networkName(provider)} ` : '';
  return `To ${network}${phone ? localMobile(phone) : 'the paying number'} (${ROUTE_KIND[route]})`;
}

/** A source in the refund form's list: where it came from, how much of it may still go back. */
export function sourceInWords(source: RefundSource): string {
  const left = `${formatKwacha(toKwacha(source.refundableNgwee))} of ${formatKwacha(toKwacha(source.collectedNgwee))} left`;
  if (source.attemptId === null) return `By hand (${left})`;
  const paid = source.provider ? `${networkName(source.provider)} payment` : 'Payment';
  const from = source.phone ? ` from ${localMobile(source.phone)}` : '';
  const late = source.refundDue ? ', collected after the attempt ended' : '';
  return `${paid}${from}${late} (${left})`;
}

export const REFUND_STATE_WORDS: Record<RefundState, { label: string; tone: BadgeTone }> = {
  requested: { label: 'Waiting for approval', tone: 'amber' },
  approved: { label: 'Approved, about to be sent', tone: 'blue' },
  sent: { label: 'On its way', tone: 'blue' },
  successful: { label: 'Refunded', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

/** Said under a refund still on its way a day after approval: never failed by us, since the money may have moved (decision 032). */
export const REFUND_STUCK_WORDS = `On its way for over ${REFUND_STUCK_HOURS} hours: check the provider's portal`;

/** The order's refund status beside its paid mark. */
export const REFUND_STATUS_WORDS: Record<Exclude<OrderRefunds['status'], 'none'>, string> = {
  'partly refunded': 'Partly refunded',
  refunded: 'Refunded',
};

/** The API's rule as the shared rules take it. */
export function approvalRuleOf(approval: OrderRefunds['approval']): RefundApprovalRule {
  if (approval.kind === 'above') return { kind: 'above', aboveNgwee: approval.aboveNgwee ?? 0 };
  return { kind: approval.kind };
}

/**
 * What pressing "Refund" will do, said before it is done: "K 120.00 goes back to 097 123 4567 by MTN.
 * Another admin must approve it." (the maker-checker rule of docs/decisions/030-refunds.md).
 */
export function refundConsequence(source: RefundSource, amountNgwee: number, rule: RefundApprovalRule): string {
  const amount = formatKwacha(toKwacha(amountNgwee));
  const second = needsSecondAdmin(rule, amountNgwee);
  if (source.route === 'by-hand') {
    return second
      ? `${amount} is recorded as sent back by hand. Another admin must approve it; send the money once they have.`
      : `${amount} is recorded as sent back by hand at once: send the money yourself.`;
  }
  const network = source.provider ? ` by ${networkName(source.provider)}` : '';
  const to = source.phone ? `to ${localMobile(source.phone)}` : 'to the number that paid';
  return `${amount} goes back ${to}${network}. ${second ? 'Another admin must approve it.' : 'It is sent at once.'}`;
}
