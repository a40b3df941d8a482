import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, payoutRuns, payouts } from '../../db/schema';
import { containsPattern } from '../../db/search-text';

/**
 * Members' payouts that failed and no admin has dealt with (docs/decisions/064-member-payouts.md), for
 * Needs attention. A read model beside the owed rows: payouts (features/payouts) owns these rows and every
 * change to them; the list only reads them, newest failure first.
 */
export interface FailedPayoutRow {
  id: string;
  runId: string;
  period: string;
  memberId: string;
  memberName: string;
  mobile: string;
  route: string;
  reference: string;
  amountNgwee: number;
  failureReason: string | null;
  endedAt: Date | null;
}

/** A keyword finds a payout by its member's name, her number (any Zambian form) or our reference. */
function keywordMatches(keyword: string): SQL {
  const found = [
    ilike(members.name, containsPattern(keyword)),
    sql`${payouts.reference}::text ilike ${containsPattern(keyword)}`,
  ];
  const digits = keyword.replace(/[\s+()-]/g, '');
  if (/^\d{4,}$/.test(digits)) found.push(ilike(payouts.mobile, containsPattern(digits)));
  return or(...found)!;
}

export function failedPayoutsUnresolved(db: Db, keyword?: string): Promise<FailedPayoutRow[]> {
  return db
    .select({
      id: payouts.id,
      runId: payouts.runId,
      period: payoutRuns.period,
      memberId: payouts.memberId,
      memberName: members.name,
      mobile: payouts.mobile,
      route: payouts.route,
      reference: payouts.reference,
      amountNgwee: payouts.amountNgwee,
      failureReason: payouts.failureReason,
      endedAt: payouts.endedAt,
    })
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .innerJoin(members, eq(members.id, payouts.memberId))
    .where(and(eq(payouts.state, 'failed'), isNull(payouts.resolvedAt), keyword ? keywordMatches(keyword) : undefined))
    .orderBy(desc(payouts.endedAt), desc(payouts.id));
}
