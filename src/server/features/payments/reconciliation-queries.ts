import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, paymentAttempts, refunds } from '../../db/schema';
import { containsPattern, searchTextContains, searchesAcrossColumns } from '../../db/search-text';
import { PAYMENT_FILTERS, STUCK_AFTER_MINUTES, type PaymentFilter } from '../../../shared/schemas/payments';
import { isLive, type AttemptRow } from './queries';

/*
 * The back office's reconciliation list (GET /payments). A read model, like the dashboard's: it reads
 * the order and customer of each attempt in the same statement (a page filtered on the order's state and
 * searched by customer cannot be paged otherwise); every change to an order still goes through orders'
 * index.ts. The filters are defined once here, in SQL, for the rows, the total and the counts alike; the
 * orders that owe money back are owed-back.ts's, and reconciliation.ts puts the two together.
 */
const stuck = sql`(${isLive} and (${paymentAttempts.createdAt} < now() - ${`${STUCK_AFTER_MINUTES} minutes`}::interval or ${paymentAttempts.expiresAt} < now()))`;
const failed = sql`${paymentAttempts.state} in ('failed','expired')`;
// Dealt with by an admin. Only an ended attempt can be, so a stuck one (live) never is.
const unresolved = sql`${paymentAttempts.resolvedAt} is null`;
/** What went back to the shopper through this collection (refunds/queries.ts clears refund due by the same sum). */
const refundedThrough = sql<number>`(select coalesce(sum(${refunds.amountNgwee}), 0) from ${refunds}
  where ${refunds.attemptId} = ${paymentAttempts.id} and ${refunds.state} = 'successful')::int`;
// Flagged money nobody paid back or dealt with yet; once refunds through it cover it, nobody needs to.
const flagged = sql`(${paymentAttempts.flagged} and ${unresolved} and ${refundedThrough} < ${paymentAttempts.amountNgwee})`;
const failedUnpaid = sql`(${failed} and ${unresolved} and not ${orders.isPaid} and ${orders.status} <> 'Cancelled')`;
const needsAttention = sql`(${stuck} or ${flagged} or ${failedUnpaid})`;
// Collected flagged money is owed back, so it is in its order's owed row (owed-back.ts), not listed twice.
const attention = sql`(${stuck} or (${flagged} and ${paymentAttempts.collectedAt} is null) or ${failedUnpaid})`;
const FILTER_SQL: Record<PaymentFilter, SQL> = { attention, owed: sql`false`, stuck, failed, flagged, all: sql`true` };

export interface AttemptSearch {
  filter: PaymentFilter;
  keyword?: string;
  offset: number;
  limit: number;
}

export interface ReconciliationRow {
  attempt: AttemptRow;
  order: {
    id: string;
    customerName: string;
    customerEmail: string;
    totalNgwee: number;
    status: string;
    isPaid: boolean;
  };
  stuck: boolean;
  needsAttention: boolean;
  refundedNgwee: number;
}

/** Newest first; the count under each filter (same keyword) comes from one pass. A limit of 0 reads the counts only. */
export async function reconciliationAttempts(db: Db, search: AttemptSearch) {
  const matches = search.keyword ? keywordMatches(search.keyword) : sql`true`;
  const [rows, [counted]] = await Promise.all([
    search.limit === 0
      ? []
      : db
          .select({
            attempt: paymentAttempts,
            order: {
              id: orders.id,
              customerName: orders.customerName,
              customerEmail: orders.customerEmail,
              totalNgwee: orders.totalNgwee,
              status: orders.status,
              isPaid: orders.isPaid,
            },
            stuck: sql<boolean>`${stuck}`,
            needsAttention: sql<boolean>`${needsAttention}`,
            refundedNgwee: refundedThrough,
          })
          .from(paymentAttempts)
          .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
          .where(and(matches, FILTER_SQL[search.filter]))
          .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
          .limit(search.limit)
          .offset(search.offset),
    db
      .select(
        Object.fromEntries(
          PAYMENT_FILTERS.map((f) => [f, sql<number>`count(*) filter (where ${FILTER_SQL[f]})::int`]),
        ) as Record<PaymentFilter, SQL<number>>,
      )
      .from(paymentAttempts)
      .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
      .where(matches),
  ]);
  const counts = Object.fromEntries(PAYMENT_FILTERS.map((f) => [f, Number(counted[f])])) as Record<
    PaymentFilter,
    number
  >;
  return { rows: (rows as ReconciliationRow[]).map((r) => ({ ...r, refundedNgwee: Number(r.refundedNgwee) })), counts };
}

/** A keyword finds an order by its number, customer name or e-mail (the order's search column). */
export function orderKeywordMatches(keyword: string): SQL {
  return searchesAcrossColumns(keyword)
    ? or(ilike(orders.customerName, containsPattern(keyword)), ilike(orders.customerEmail, containsPattern(keyword)))!
    : searchTextContains(orders.searchText, keyword);
}

/**
 * A keyword finds an attempt by its phone in any Zambian form (0961..., 260961..., +260 96 1...), our
 * reference or the provider's id.
 */
export function attemptKeywordMatches(keyword: string): SQL {
  const pattern = containsPattern(keyword);
  const found = [
    ilike(paymentAttempts.providerTransactionId, pattern),
    sql`${paymentAttempts.reference}::text ilike ${pattern}`,
  ];
  // Numbers are stored as +260XXXXXXXXX, which holds both 0XXXXXXXXX and 260XXXXXXXXX: only spaces and signs go.
  const digits = keyword.replace(/[\s+()-]/g, '');
  if (/^\d{4,}$/.test(digits)) found.push(ilike(paymentAttempts.phone, containsPattern(digits)));
  return or(...found)!;
}

/** An attempt by its order, or by itself. */
const keywordMatches = (keyword: string) => or(orderKeywordMatches(keyword), attemptKeywordMatches(keyword))!;
