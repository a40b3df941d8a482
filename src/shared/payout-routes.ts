/**
 * How a member's payout travels (docs/decisions/064-member-payouts.md): a provider's API to her wallet, or
 * the treasurer's send by hand. Apart from payouts.ts because the payments schema names them (failed
 * payouts on Needs attention) and the storefront's order page loads that schema: this list is all it needs,
 * not the payouts' texts and the SMS rule they pull in.
 */
export const PAYOUT_ROUTES = ['mtn-transfer', 'airtel-disbursement', 'lenco-transfer', 'by-hand'] as const;
export type PayoutRoute = (typeof PAYOUT_ROUTES)[number];
export type ProviderPayoutRoute = Exclude<PayoutRoute, 'by-hand'>;
