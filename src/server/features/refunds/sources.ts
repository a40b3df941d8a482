import { formatKwacha, toKwacha } from '../../../shared/money';
import {
  refundHoldsMoney,
  refundStatusOf,
  refundTotals,
  type RefundApprovalRule,
  type RefundState,
} from '../../../shared/refunds';
import type { CollectionProviderId } from '../../../shared/payment-methods';
import type { OrderRefunds, RefundSource } from '../../../shared/schemas/refunds';
import type { RefundableOrder } from '../orders';
import type { CollectionRow, RefundRow } from './queries';
import type { RouteOfCollection } from './routes-of-money';

/**
 * Where an order's money can go back, and how much (docs/decisions/030-refunds.md). Pure: the service reads
 * the rows under the order's lock and asks here, so the over-refund guard and the screen agree.
 */
export interface OrderMoneyRows {
  order: RefundableOrder;
  collections: CollectionRow[];
  refunds: RefundRow[];
}

const held = (refunds: readonly RefundRow[]) =>
  refunds.filter((r) => refundHoldsMoney(r.state as RefundState)).reduce((sum, r) => sum + r.amountNgwee, 0);

export function collectedOf({ order, collections }: Pick<OrderMoneyRows, 'order' | 'collections'>): number {
  return collections.reduce((sum, c) => sum + c.amountNgwee, 0) + order.collectedByHandNgwee;
}

export function totalsOf(rows: OrderMoneyRows) {
  return refundTotals(
    collectedOf(rows),
    rows.refunds.map((r) => ({ amountNgwee: r.amountNgwee, state: r.state as RefundState })),
  );
}

/** What may still go back through one collection: its amount less its refunds that hold money, and never above the order's. */
export function refundableThrough(rows: OrderMoneyRows, collection: CollectionRow): number {
  const ofCollection = collection.amountNgwee - held(rows.refunds.filter((r) => r.attemptId === collection.id));
  return Math.max(0, Math.min(ofCollection, totalsOf(rows).refundableNgwee));
}

/** Each provider collection, by the route its provider's settings allow now (routes-of-money.ts), and by hand. */
export function sourcesOf(rows: OrderMoneyRows, routeOf: RouteOfCollection): RefundSource[] {
  const fromProviders = rows.collections.map((collection): RefundSource => {
    const route = routeOf(collection.provider);
    return {
      attemptId: collection.id,
      provider: collection.provider as CollectionProviderId,
      phone: collection.phone,
      route,
      collectedNgwee: collection.amountNgwee,
      refundableNgwee: refundableThrough(rows, collection),
      refundDue: collection.refundDue,
      wholeOnly: route === 'airtel-refund',
    };
  });
  // By hand is always offered: a member can send back any of the order's money and record it here.
  const byHand: RefundSource = {
    attemptId: null,
    provider: null,
    phone: null,
    route: 'by-hand',
    collectedNgwee: rows.order.collectedByHandNgwee,
    refundableNgwee: totalsOf(rows).refundableNgwee,
    refundDue: false,
    wholeOnly: false,
  };
  return [...fromProviders, byHand];
}

export function orderRefundsView(
  rows: OrderMoneyRows,
  rule: RefundApprovalRule,
  refunds: OrderRefunds['refunds'],
  routeOf: RouteOfCollection,
): OrderRefunds {
  const totals = totalsOf(rows);
  return {
    ...totals,
    status: refundStatusOf(totals.collectedNgwee, totals.refundedNgwee),
    approval: { kind: rule.kind, aboveNgwee: rule.kind === 'above' ? rule.aboveNgwee : null },
    sources: sourcesOf(rows, routeOf),
    refunds,
  };
}

/** "At most K 120.00 can go back for this order": the 409 of a refund above what is left. */
export const atMost = (ngwee: number, what: string) => `At most ${formatKwacha(toKwacha(ngwee))} can go back ${what}`;
