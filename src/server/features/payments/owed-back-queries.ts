import { and, asc, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, paymentAttempts, refunds } from '../../db/schema';
import { attemptKeywordMatches, orderKeywordMatches } from './reconciliation-queries';

/*
 * The orders that may owe money back, and their money, for the back office's Needs attention
 * (docs/decisions/055-money-owed-back.md). A read model, as the reconciliation list: the rule itself
 * (src/shared/owed-back.ts) is applied to these rows by owed-back.ts.
 */

const collectedOfOrder = sql`(select coalesce(sum(${paymentAttempts.amountNgwee}), 0) from ${paymentAttempts}
  where ${paymentAttempts.orderId} = ${orders.id} and ${paymentAttempts.collectedAt} is not null)`;
// At most the total: payment_result says whether a provider paid it (orders' collectedByHandNgwee decides exactly).
const byHandAtMost = sql`coalesce(${orders.collectedByHandNgwee}, case when ${orders.isPaid} and (${orders.paymentResult} ->> 'by') is distinct from 'provider' then ${orders.totalNgwee} else 0 end)`;
const refundedOfOrder = sql`(select coalesce(sum(${refunds.amountNgwee}), 0) from ${refunds}
  where ${refunds.orderId} = ${orders.id} and ${refunds.state} = 'successful')`;
const hasOpenFlaggedCollection = sql`exists (select 1 from ${paymentAttempts} where ${paymentAttempts.orderId} = ${orders.id}
  and ${paymentAttempts.flagged} and ${paymentAttempts.collectedAt} is not null and ${paymentAttempts.resolvedAt} is null)`;
const hasFailedRefund = sql`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.state} = 'failed')`;

/**
 * Orders with one of the reasons to owe (cancelled, an open flagged collection, a failed refund) that
 * still hold money: what went back in full drops out here, so the list stays as short as what is owed.
 */
const mayOwe = sql`((${orders.status} = 'Cancelled' or ${hasOpenFlaggedCollection} or ${hasFailedRefund})
  and ${collectedOfOrder} + ${byHandAtMost} > ${refundedOfOrder})`;

const orderColumns = {
  id: orders.id,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  totalNgwee: orders.totalNgwee,
  status: orders.status,
  isPaid: orders.isPaid,
  paymentResult: orders.paymentResult,
  collectedByHandNgwee: orders.collectedByHandNgwee,
  updatedAt: orders.updatedAt,
};

/** A keyword finds the order by itself, or by any of its attempts (phone, reference, provider's id). */
function keywordMatches(keyword: string): SQL {
  const byAttempt = sql`exists (select 1 from ${paymentAttempts} where ${paymentAttempts.orderId} = ${orders.id}
    and ${attemptKeywordMatches(keyword)})`;
  return or(orderKeywordMatches(keyword), byAttempt)!;
}

export function ordersThatMayOwe(db: Db, keyword?: string) {
  return db
    .select(orderColumns)
    .from(orders)
    .where(keyword ? and(mayOwe, keywordMatches(keyword)) : mayOwe);
}
export type MayOweOrderRow = Awaited<ReturnType<typeof ordersThatMayOwe>>[number];

/** The collections (late ones too) of these orders. */
export function collectionsOfOrders(db: Db, orderIds: string[]) {
  return db
    .select({
      id: paymentAttempts.id,
      orderId: paymentAttempts.orderId,
      provider: paymentAttempts.provider,
      phone: paymentAttempts.phone,
      amountNgwee: paymentAttempts.amountNgwee,
      flagged: paymentAttempts.flagged,
      flagNote: paymentAttempts.flagNote,
      resolvedAt: paymentAttempts.resolvedAt,
      collectedAt: paymentAttempts.collectedAt,
    })
    .from(paymentAttempts)
    .where(and(inArray(paymentAttempts.orderId, orderIds), isNotNull(paymentAttempts.collectedAt)))
    .orderBy(asc(paymentAttempts.collectedAt), asc(paymentAttempts.id));
}
export type OwedCollectionRow = Awaited<ReturnType<typeof collectionsOfOrders>>[number];

/** Every refund of these orders, in the order they were asked. */
export function refundsOfOrders(db: Db, orderIds: string[]) {
  return db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      attemptId: refunds.attemptId,
      amountNgwee: refunds.amountNgwee,
      state: refunds.state,
      failureReason: refunds.failureReason,
      createdAt: refunds.createdAt,
      updatedAt: refunds.updatedAt,
      endedAt: refunds.endedAt,
    })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}
export type OwedRefundRow = Awaited<ReturnType<typeof refundsOfOrders>>[number];
