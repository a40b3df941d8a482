import type { Db } from '../../db/client';
import { toKwacha } from '../../../shared/money';
import type { FailedPayout, PaymentFilter, PaymentList } from '../../../shared/schemas/payments';
import { ordersOwingMoney, toOwedBackJson } from './owed-back';
import { failedPayoutsUnresolved, type FailedPayoutRow } from './payout-attention-queries';
import { reconciliationAttempts } from './reconciliation-queries';
import { toReconciliationJson } from './serialize';

export interface ReconciliationSearch {
  filter: PaymentFilter;
  keyword?: string;
  page: number;
  limit: number;
}

/** Where the orders that owe money back are listed: first, before the attempts (attention), or alone (owed). */
const LISTS_OWED: ReadonlySet<PaymentFilter> = new Set(['attention', 'owed']);

const failedPayoutJson = (row: FailedPayoutRow): FailedPayout => ({
  _id: row.id,
  runId: row.runId,
  period: row.period,
  member: { _id: row.memberId, name: row.memberName },
  mobile: row.mobile,
  route: row.route as FailedPayout['route'],
  reference: row.reference,
  amount: toKwacha(row.amountNgwee),
  amountNgwee: row.amountNgwee,
  failureReason: row.failureReason,
  endedAt: row.endedAt?.toISOString() ?? null,
});

/** What one page shows of each leading list, and the offset and room it leaves for the rows after them. */
function pageOf(offset: number, limit: number, leading: readonly unknown[][]) {
  let skip = offset;
  let room = limit;
  const shown = leading.map((rows) => {
    const part = rows.slice(skip, skip + room);
    skip = Math.max(0, skip - rows.length);
    room -= part.length;
    return part;
  });
  return { shown, skip, room };
}

/**
 * GET /payments: a page of the filter's rows, the orders owing money back first, then (on attention) the
 * members' payouts that failed (docs/decisions/064-member-payouts.md), then the attempts, each newest first;
 * pages run through them in that order. The counts add the owed orders and failed payouts to attention,
 * whose attempts leave out the collections the owed rows already hold.
 */
export async function reconciliationList(db: Db, search: ReconciliationSearch): Promise<PaymentList> {
  const [owing, failedPayouts] = await Promise.all([
    ordersOwingMoney(db, search.keyword),
    failedPayoutsUnresolved(db, search.keyword),
  ]);
  const offset = (search.page - 1) * search.limit;
  const leading = [LISTS_OWED.has(search.filter) ? owing : [], search.filter === 'attention' ? failedPayouts : []];
  const {
    shown: [owedShown, payoutsShown],
    skip,
    room,
  } = pageOf(offset, search.limit, leading);
  const attempts = await reconciliationAttempts(db, {
    filter: search.filter,
    keyword: search.keyword,
    offset: skip,
    limit: search.filter === 'owed' ? 0 : room,
  });
  const counts = {
    ...attempts.counts,
    owed: owing.length,
    attention: attempts.counts.attention + owing.length + failedPayouts.length,
  };
  const total = counts[search.filter];
  return {
    payments: attempts.rows.map(toReconciliationJson),
    owedBack: (owedShown as typeof owing).map(toOwedBackJson),
    failedPayouts: (payoutsShown as FailedPayoutRow[]).map(failedPayoutJson),
    page: search.page,
    pages: Math.max(1, Math.ceil(total / search.limit)),
    total,
    counts,
  };
}
