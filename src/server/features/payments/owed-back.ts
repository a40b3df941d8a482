import type { Db } from '../../db/client';
import { toKwacha } from '../../../shared/money';
import { owedBack, type OwedBack as OwedMoney, type OwedPart } from '../../../shared/owed-back';
import { methodOfCollection } from '../../../shared/payment-methods';
import type { RefundState } from '../../../shared/refunds';
import type { OwedBack, OwedPayment, OwedReason } from '../../../shared/schemas/payments';
import { collectedByHandNgwee, ORDER_CURRENCY } from '../orders';
import {
  collectionsOfOrders,
  ordersThatMayOwe,
  refundsOfOrders,
  type MayOweOrderRow,
  type OwedCollectionRow,
  type OwedRefundRow,
} from './owed-back-queries';

/**
 * The orders that owe their shoppers money back, for Needs attention (docs/decisions/055-money-owed-back.md):
 * the candidates and their money are read in three statements, whatever their number, and the shared rule
 * (src/shared/owed-back.ts) says what each owes. Newest change first.
 */
export interface OrderOwing {
  order: MayOweOrderRow;
  owed: OwedMoney;
  collections: OwedCollectionRow[];
  refunds: OwedRefundRow[];
  updatedAt: Date;
}

export async function ordersOwingMoney(db: Db, keyword?: string): Promise<OrderOwing[]> {
  const candidates = await ordersThatMayOwe(db, keyword);
  if (candidates.length === 0) return [];
  const ids = candidates.map((o) => o.id);
  const [collections, refunds] = await Promise.all([collectionsOfOrders(db, ids), refundsOfOrders(db, ids)]);
  const owing = candidates.map((order) => {
    const own = {
      collections: collections.filter((c) => c.orderId === order.id),
      refunds: refunds.filter((r) => r.orderId === order.id),
    };
    const owed = owedBack({
      cancelled: order.status === 'Cancelled',
      byHandNgwee: collectedByHandNgwee(order),
      collections: own.collections.map((c) => ({
        id: c.id,
        amountNgwee: c.amountNgwee,
        flagged: c.flagged,
        resolved: c.resolvedAt !== null,
      })),
      refunds: own.refunds.map((r) => ({
        id: r.id,
        attemptId: r.attemptId,
        amountNgwee: r.amountNgwee,
        state: r.state as RefundState,
        askedAt: r.createdAt.getTime(),
        endedAt: r.endedAt?.getTime() ?? null,
      })),
    });
    return { order, owed, ...own, updatedAt: latestChange(order, own.collections, own.refunds) };
  });
  return owing
    .filter((o) => o.owed.owedNgwee > 0)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.order.id.localeCompare(a.order.id));
}

function latestChange(order: MayOweOrderRow, collections: OwedCollectionRow[], refunds: OwedRefundRow[]): Date {
  const times = [order.updatedAt, ...collections.map((c) => c.collectedAt), ...refunds.map((r) => r.updatedAt)];
  return new Date(Math.max(...times.map((t) => t?.getTime() ?? 0)));
}

const paymentJson = (c: OwedCollectionRow): OwedPayment => ({
  _id: c.id,
  provider: c.provider as OwedPayment['provider'],
  method: methodOfCollection(c.provider, c.phone),
  phone: c.phone,
});

function reasonJson(part: OwedPart, owing: OrderOwing): OwedReason {
  const collection = (id: string | null) => owing.collections.find((c) => c.id === id) ?? null;
  const none = { note: null, payment: null, refundId: null, at: null };
  if (part.kind === 'cancelled') return { kind: part.kind, amountNgwee: part.amountNgwee, ...none };
  if (part.kind === 'flagged') {
    const paid = collection(part.collectionId)!;
    return {
      ...none,
      kind: part.kind,
      amountNgwee: part.amountNgwee,
      note: paid.flagNote,
      payment: paymentJson(paid),
      at: paid.collectedAt?.toISOString() ?? null,
    };
  }
  const refund = owing.refunds.find((r) => r.id === part.refundId)!;
  const through = collection(refund.attemptId);
  return {
    kind: part.kind,
    amountNgwee: part.amountNgwee,
    note: refund.failureReason,
    payment: through ? paymentJson(through) : null,
    refundId: refund.id,
    at: refund.endedAt?.toISOString() ?? null,
  };
}

/** The wallets the owed money came from: a cancelled order's collections, the flagged ones, those of failed refunds. */
function payersOf(owing: OrderOwing, reasons: OwedReason[]): OwedPayment[] {
  const cancelled = reasons.some((r) => r.kind === 'cancelled');
  const named = [
    ...(cancelled ? owing.collections.filter((c) => c.resolvedAt === null).map(paymentJson) : []),
    ...reasons.flatMap((r) => (r.payment ? [r.payment] : [])),
  ];
  const seen = new Set<string>();
  return named.filter((p) => {
    const key = `${p.provider} ${p.phone}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function toOwedBackJson(owing: OrderOwing): OwedBack {
  const { order, owed } = owing;
  const reasons = owed.parts.map((part) => reasonJson(part, owing));
  return {
    _id: order.id,
    order: {
      _id: order.id,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      total: toKwacha(order.totalNgwee),
      status: order.status,
      isPaid: order.isPaid,
    },
    owed: toKwacha(owed.owedNgwee),
    owedNgwee: owed.owedNgwee,
    currency: ORDER_CURRENCY,
    onItsWayNgwee: owed.onItsWayNgwee,
    awaitingApproval: owed.awaitingApproval,
    payers: payersOf(owing, reasons),
    reasons,
    updatedAt: owing.updatedAt.toISOString(),
  };
}
