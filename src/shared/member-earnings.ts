/**
 * What a member reads about her own payouts (docs/decisions/066-member-earnings-reports.md), in her words
 * rather than the sender's: the back office's states (proposed, approved, sent ...) are the treasurer's.
 * One home for the mapping, used by GET /me/earnings and the USSD "My earnings" screen.
 */
export const MEMBER_PAYOUT_STATES = ['planned', 'sending', 'paid', 'failed'] as const;
export type MemberPayoutState = (typeof MEMBER_PAYOUT_STATES)[number];

/** A payout's state as the member is told it; null for a cancelled one (it never left and is not shown). */
export function memberPayoutState(state: string): MemberPayoutState | null {
  switch (state) {
    case 'proposed':
    case 'approved':
      return 'planned';
    case 'sent':
      return 'sending';
    case 'successful':
      return 'paid';
    case 'failed':
      return 'failed';
    default:
      return null;
  }
}

/** The payouts a member reads on the USSD screen: three lines fit beside her balance within 160 characters. */
export const USSD_PAYOUTS_SHOWN = 3;

/** The payouts GET /me/earnings lists: a year of monthly runs. */
export const API_PAYOUTS_SHOWN = 12;

/** 'Apr 2026' for '2026-04': short, for a USSD line. */
export function shortMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? month
    : new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}
