import { z } from 'zod';
import { MEMBER_PAYOUT_STATES } from '../member-earnings';

const ngwee = z.number().int();

/**
 * One member's line of GET /reports/members (docs/decisions/066-member-earnings-reports.md), amounts in
 * ngwee. earned: her sale credits made in the month; takenBack: what refunds debited from her shares in the
 * month (>= 0); net = earned - takenBack; paidOut: her payouts that ended successful in the month; owed:
 * every credit and debit of hers up to the month's end less every payout paid by then.
 */
export const memberMonthLineSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  active: z.boolean(),
  earnedNgwee: ngwee,
  takenBackNgwee: ngwee,
  netNgwee: ngwee,
  paidOutNgwee: ngwee,
  owedNgwee: ngwee,
});
export type MemberMonthLine = z.infer<typeof memberMonthLineSchema>;

/** The co-op fund's shares of the month: its part of each sale, the delivery fees, less what refunds took back. */
export const fundMonthLineSchema = z.object({
  saleNgwee: ngwee,
  deliveryNgwee: ngwee,
  takenBackNgwee: ngwee,
  netNgwee: ngwee,
});
export type FundMonthLine = z.infer<typeof fundMonthLineSchema>;

export const memberMonthReportSchema = z.object({
  month: z.string(),
  timeZone: z.string(),
  /** Active members, and any other member with a figure in the month or owed at its end; by name. */
  members: z.array(memberMonthLineSchema),
  fund: fundMonthLineSchema,
  totals: z.object({
    /** The members' lines added up. */
    members: memberMonthLineSchema.omit({ memberId: true, name: true, active: true }),
    /** Every share of the month, members and fund: what the month's paid and handed-over orders earned, net of VAT. */
    allShares: fundMonthLineSchema,
  }),
});
export type MemberMonthReport = z.infer<typeof memberMonthReportSchema>;

export const myPayoutSchema = z.object({
  amountNgwee: ngwee,
  /** The month the payout run paid for (YYYY-MM, shop time). */
  month: z.string(),
  state: z.enum(MEMBER_PAYOUT_STATES),
  /** When it was paid or failed; while it is planned or on its way, when it was proposed. */
  at: z.string(),
});

/** GET /me/earnings: the signed-in member's own figures, and nothing of anyone else's. */
export const myEarningsSchema = z.object({
  name: z.string(),
  /** Every credit and debit of hers less every payout paid; below 0 when refunds came after a payout (taken from the next). */
  owedNgwee: ngwee,
  /** This month on the shop's clock (YYYY-MM) and her sale credits made in it. */
  month: z.string(),
  earnedThisMonthNgwee: ngwee,
  /** Her last payouts, newest first (cancelled ones are left out). */
  payouts: z.array(myPayoutSchema),
});
export type MyEarnings = z.infer<typeof myEarningsSchema>;
