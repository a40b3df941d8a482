import { randomUUID } from 'node:crypto';
import { computeTotals } from '../../shared/money';
import type { OrderStatus, PaymentMethod } from '../../shared/order-status';
import type { orderItems, orders } from '../db/schema';
import type { Random } from './random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface StockedProduct {
  id: string;
  name: string;
  priceNgwee: number;
  mainImage: string;
}

export interface Buyer {
  id: string;
  name: string;
  email: string;
  shippingAddress: { address: string; city: string; province: string; zipCode: string; phoneNumber: string };
}

export type OrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferInsert;

/**
 * One made-up order as it would look after living its life in the back office: a recent one is
 * still waiting, an old one was delivered, cancelled, or never paid. Lines are priced from the
 * products and the totals come from the shared money rules.
 */
export function madeUpOrder(
  random: Random,
  buyer: Buyer,
  lines: { product: StockedProduct; quantity: number }[],
  createdAt: Date,
  now: Date,
): { order: OrderRow; items: OrderItemRow[] } {
  const id = randomUUID();
  const items: OrderItemRow[] = lines.map(({ product, quantity }, position) => ({
    orderId: id,
    productId: product.id,
    name: product.name,
    image: product.mainImage,
    unitPriceNgwee: product.priceNgwee,
    quantity,
    position,
  }));
  const totals = computeTotals(items.map((i) => ({ unitPriceNgwee: i.unitPriceNgwee, quantity: i.quantity })));
  const paymentMethod = pickPaymentMethod(random);
  const status = statusForAge((now.getTime() - createdAt.getTime()) / DAY, random);
  const isPaid = status === 'Delivered' || status === 'Shipped' || (status === 'Processing' && random.chance(0.6));
  const paidAt = isPaid ? notAfter(new Date(createdAt.getTime() + random.int(1, 30) * HOUR), now) : null;
  const isDelivered = status === 'Delivered';
  const deliveredAt = isDelivered
    ? notAfter(new Date((paidAt ?? createdAt).getTime() + random.int(2, 6) * DAY), now)
    : null;
  const reference = `DEMO${String(random.int(0, 9_999_999_999)).padStart(10, '0')}`;
  const order: OrderRow = {
    id,
    userId: buyer.id,
    customerName: buyer.name,
    customerEmail: buyer.email,
    shippingAddress: buyer.shippingAddress,
    paymentMethod,
    ...totals,
    status,
    isPaid,
    paidAt,
    paymentResult: paidAt
      ? { id: reference, status: 'COMPLETED', update_time: paidAt.toISOString(), email_address: buyer.email }
      : null,
    paymentReference: isPaid && paymentMethod !== 'creditCard' ? reference : null,
    isDelivered,
    deliveredAt,
    createdAt,
    updatedAt: deliveredAt ?? paidAt ?? createdAt,
  };
  return { order, items };
}

/** Recent orders are still being handled; older ones were delivered, cancelled or left unpaid. */
export function statusForAge(ageDays: number, random: Random): OrderStatus {
  const roll = random.next();
  if (ageDays < 3) return roll < 0.7 ? 'Pending' : 'Processing';
  if (ageDays < 10) return roll < 0.25 ? 'Pending' : roll < 0.6 ? 'Processing' : roll < 0.9 ? 'Shipped' : 'Cancelled';
  if (ageDays < 21)
    return roll < 0.15 ? 'Processing' : roll < 0.45 ? 'Shipped' : roll < 0.85 ? 'Delivered' : 'Cancelled';
  // Past three weeks an order is settled, except those whose customer never paid: still Pending, or Processing.
  return roll < 0.55 ? 'Delivered' : roll < 0.77 ? 'Cancelled' : roll < 0.9 ? 'Pending' : 'Processing';
}

function pickPaymentMethod(random: Random): PaymentMethod {
  const roll = random.next();
  return roll < 0.45 ? 'airtel' : roll < 0.8 ? 'mtn' : 'creditCard';
}

/** Most baskets hold one or two things; cheap items come in twos and threes. */
export function pickLines(random: Random, products: readonly StockedProduct[], maxLines: number) {
  const count = Math.min(products.length, random.int(1, maxLines));
  const chosen = new Map<string, { product: StockedProduct; quantity: number }>();
  while (chosen.size < count) {
    const product = random.pick(products);
    if (chosen.has(product.id)) continue;
    const quantity = product.priceNgwee < 10_000 && random.chance(0.4) ? random.int(2, 3) : 1;
    chosen.set(product.id, { product, quantity });
  }
  return [...chosen.values()];
}

function notAfter(date: Date, limit: Date): Date {
  return date.getTime() > limit.getTime() ? limit : date;
}
