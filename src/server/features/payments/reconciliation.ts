import type { Db } from '../../db/client';
import type { PaymentFilter, PaymentList } from '../../../shared/schemas/payments';
import { ordersOwingMoney, toOwedBackJson } from './owed-back';
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

/**
 * GET /payments: a page of the filter's rows, the orders owing money back first, then the attempts, both
 * newest first; pages run through the owed rows into the attempts. The counts add the owed orders to
 * attention, whose attempts leave out the collections those rows already hold.
 */
export async function reconciliationList(db: Db, search: ReconciliationSearch): Promise<PaymentList> {
  const owing = await ordersOwingMoney(db, search.keyword);
  const offset = (search.page - 1) * search.limit;
  const owedShown = LISTS_OWED.has(search.filter) ? owing.slice(offset, offset + search.limit) : [];
  const attempts = await reconciliationAttempts(db, {
    filter: search.filter,
    keyword: search.keyword,
    offset: search.filter === 'attention' ? Math.max(0, offset - owing.length) : offset,
    limit: search.filter === 'owed' ? 0 : search.limit - owedShown.length,
  });
  const counts = { ...attempts.counts, owed: owing.length, attention: attempts.counts.attention + owing.length };
  const total = counts[search.filter];
  return {
    payments: attempts.rows.map(toReconciliationJson),
    owedBack: owedShown.map(toOwedBackJson),
    page: search.page,
    pages: Math.max(1, Math.ceil(total / search.limit)),
    total,
    counts,
  };
}
