/**
 * Member payouts' shared words and rules (docs/decisions/064-member-payouts.md), for the server (which
 * proposes, sends and texts) and the back office (which shows them). Money in ngwee.
 */
import type { MobileNetwork } from './phone-numbers';
import { formatKwacha, toKwacha } from './money';
import type { PayoutRoute, ProviderPayoutRoute } from './payout-routes';
import { firstThatFits } from './sms-text';

/** How a payout travels (its own small module: the storefront's payments schema names the routes). */
export { PAYOUT_ROUTES, type PayoutRoute, type ProviderPayoutRoute } from './payout-routes';

export const PAYOUT_ROUTE_LABELS: Record<PayoutRoute, string> = {
  'mtn-transfer': 'MTN MoMo transfer',
  'airtel-disbursement': 'Airtel Money disbursement',
  'lenco-transfer': 'Lenco mobile-money transfer',
  'by-hand': 'Sent by hand',
};

/** proposed > approved > sent > successful | failed; cancelled only before approval (with its run). */
export const PAYOUT_STATES = ['proposed', 'approved', 'sent', 'successful', 'failed', 'cancelled'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  proposed: 'Waiting for approval',
  approved: 'Approved',
  sent: 'On its way',
  successful: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A run waits as proposed (the schedule's: until an admin confirms it), then is approved or cancelled. */
export const PAYOUT_RUN_STATES = ['proposed', 'approved', 'cancelled'] as const;
export type PayoutRunState = (typeof PAYOUT_RUN_STATES)[number];

export const PAYOUT_RUN_TRIGGERS = ['admin', 'schedule'] as const;
export type PayoutRunTrigger = (typeof PAYOUT_RUN_TRIGGERS)[number];

/** PAYOUT_MINIMUM when unset, in kwacha: smaller balances wait for the next run (a transfer's fee would eat them). */
export const DEFAULT_PAYOUT_MINIMUM_KWACHA = 20;

/**
 * A payout still approved or on its way this long after its run's approval is stuck: shown to admins to
 * check in the provider's portal, still read, never failed on our clock (the money may have moved).
 */
export const PAYOUT_STUCK_HOURS = 24;

/** The most an admin may write as a note (cancel, sent by hand, dealt with). */
export const PAYOUT_NOTE_MAX_LENGTH = 500;

/** The network a provider's route sends to; by hand goes to whichever the member has. */
export const PAYOUT_ROUTE_NETWORKS: Record<ProviderPayoutRoute, readonly MobileNetwork[]> = {
  'mtn-transfer': ['mtn'],
  'airtel-disbursement': ['airtel'],
  'lenco-transfer': ['mtn', 'airtel', 'zamtel'],
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'YYYY-MM' → 'November' (the member's text). */
export const monthNameOf = (period: string) => MONTHS[Number(period.slice(5, 7)) - 1] ?? period;

/** 'YYYY-MM' → 'November 2026' (the back office). */
export const periodLabelOf = (period: string) => `${monthNameOf(period)} ${period.slice(0, 4)}`;

/** The month before 'YYYY-MM': what a run proposed early in a month pays for. */
export function monthBefore(period: string): string {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** A product's units in a payout, from its sale entries. */
export interface PayoutItem {
  name: string;
  units: number;
}

/** The units of each product name, most first (then by name): what the member's text lists. */
export function unitsPerProduct(lines: readonly { productName: string; quantity: number }[]): PayoutItem[] {
  const units = new Map<string, number>();
  for (const line of lines)
    if (line.quantity > 0 && line.productName)
      units.set(line.productName, (units.get(line.productName) ?? 0) + line.quantity);
  return [...units.entries()]
    .map(([name, n]) => ({ name, units: n }))
    .sort((a, b) => b.units - a.units || a.name.localeCompare(b.name));
}

/** "11 Mukwa shea butter, 3 Gift set": the whole list, as stored on the payout. */
export const summaryOf = (items: readonly PayoutItem[]) => items.map((i) => `${i.units} ${i.name}`).join(', ');

/** "K 412.50" with a plain space (the shop's kwacha, as a text shows it). */
export const payoutKwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee)).replace(/\s+/g, ' ');

/**
 * The member's text after a payout reached her wallet: "Forest Co-op: K 412.50 for November: 11 Mukwa shea
 * butter, 3 Gift set". One GSM-7 message (sms-text.ts picks): the longest list that fits, cut from its end
 * ("and 4 more"), with the shop's name in front while it still fits beside that list (what was sold is
 * worth more to her than who wrote: the money came from the co-op's own wallet).
 */
export function payoutText(payout: {
  amountNgwee: number;
  period: string;
  items: readonly PayoutItem[];
  shopName: string;
}): string {
  const head = `${payoutKwacha(payout.amountNgwee)} for ${monthNameOf(payout.period)}`;
  const { items } = payout;
  const wordings: string[] = [];
  for (let shown = items.length; shown >= 1; shown -= 1) {
    const rest = items.length - shown;
    const list = summaryOf(items.slice(0, shown)) + (rest > 0 ? ` and ${rest} more` : '');
    wordings.push(`${payout.shopName}: ${head}: ${list}`, `${head}: ${list}`);
  }
  wordings.push(`${payout.shopName}: ${head}.`, `${head}.`);
  return firstThatFits(wordings);
}
