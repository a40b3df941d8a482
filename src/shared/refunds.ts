/**
 * The rules of money going back to a shopper, in ngwee, for the server (which enforces them) and the back
 * office (which shows them before an admin asks). docs/decisions/030-refunds.md.
 */
import { TAX_RATE_PERCENT } from './money';

/** How a refund travels: a provider's API, or a member's send by hand recorded afterwards. */
export const REFUND_ROUTES = ['mtn-refund', 'airtel-disbursement', 'airtel-refund', 'by-hand'] as const;
export type RefundRoute = (typeof REFUND_ROUTES)[number];

/** The network whose wallet a refund goes to by the provider's API; null for one sent by hand. */
export function networkOfRoute(route: RefundRoute): 'mtn' | 'airtel' | null {
  if (route === 'mtn-refund') return 'mtn';
  if (route === 'airtel-disbursement' || route === 'airtel-refund') return 'airtel';
  return null;
}

/**
 * The VAT a refund gives back: an amount paid with 16% VAT on top carries 16/116 of itself as VAT, so a
 * refund of R ngwee credits R * 16/116, rounded half up to the ngwee in integer arithmetic (as taxOn). The
 * reports credit it in the refund's month (docs/decisions/030-refunds.md).
 */
export function vatInRefund(amountNgwee: number): number {
  const gross = 100 + TAX_RATE_PERCENT;
  return Math.floor((amountNgwee * TAX_RATE_PERCENT + gross / 2) / gross);
}

/** requested > approved > sent > successful | failed; cancelled only before it was sent. */
export const REFUND_STATES = ['requested', 'approved', 'sent', 'successful', 'failed', 'cancelled'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** A refund that holds money: it may still go out, or it went. Failed and cancelled ones hold none. */
export const refundHoldsMoney = (state: RefundState) => state !== 'failed' && state !== 'cancelled';

/**
 * A refund still approved or sent this long after its approval is stuck: shown to admins to check in the
 * provider's portal, still read, never failed on our clock (docs/decisions/032-refunds-sent-once.md).
 */
export const REFUND_STUCK_HOURS = 24;

/** The most a member may write as a refund's reason or a cancellation's note. */
export const REFUND_NOTE_MAX_LENGTH = 500;

/**
 * The co-op's maker-checker rule (REFUND_APPROVAL): always, a refund asked by one admin is approved by
 * another; above, only refunds over the amount need the second admin; off, the asking admin's word sends it
 * (a one-person shop). Set where the shop runs, not in the back office, so no admin can lift it alone.
 */
export type RefundApprovalRule = { kind: 'always' } | { kind: 'off' } | { kind: 'above'; aboveNgwee: number };

export function needsSecondAdmin(rule: RefundApprovalRule, amountNgwee: number): boolean {
  if (rule.kind === 'always') return true;
  if (rule.kind === 'off') return false;
  return amountNgwee > rule.aboveNgwee;
}

/** A refund as the totals need it. */
export interface RefundAmount {
  amountNgwee: number;
  state: RefundState;
}

export interface RefundTotals {
  /** Money taken for the order: its provider collections (late ones too) and a payment an admin recorded by hand. */
  collectedNgwee: number;
  /** Refunds that reached the shopper. */
  refundedNgwee: number;
  /** Refunds asked, approved or on their way. */
  pendingNgwee: number;
  /** Collected less refunded. */
  netNgwee: number;
  /** What may still be asked: collected less every refund that holds money. Never below zero. */
  refundableNgwee: number;
}

export function refundTotals(collectedNgwee: number, refunds: readonly RefundAmount[]): RefundTotals {
  let refundedNgwee = 0;
  let pendingNgwee = 0;
  for (const refund of refunds) {
    if (refund.state === 'successful') refundedNgwee += refund.amountNgwee;
    else if (refundHoldsMoney(refund.state)) pendingNgwee += refund.amountNgwee;
  }
  return {
    collectedNgwee,
    refundedNgwee,
    pendingNgwee,
    netNgwee: collectedNgwee - refundedNgwee,
    refundableNgwee: Math.max(0, collectedNgwee - refundedNgwee - pendingNgwee),
  };
}

/** What the order shows beside "Paid": nothing, "Partly refunded" or "Refunded" (all that was collected went back). */
export type RefundStatus = 'none' | 'partly refunded' | 'refunded';

export function refundStatusOf(collectedNgwee: number, refundedNgwee: number): RefundStatus {
  if (refundedNgwee <= 0) return 'none';
  return refundedNgwee >= collectedNgwee ? 'refunded' : 'partly refunded';
}
