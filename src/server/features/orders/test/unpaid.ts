import { eq, sql } from 'drizzle-orm';
import type { UnpaidOrderSettings } from '../../../config';
import { orders } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { computeTotals, toKwacha } from '../../../../shared/money';
import { address } from './fixtures';

/** What the tests of decision 056 (unpaid orders: bounds and release) share. */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** The shipped defaults' holds; bounds off unless a test sets them; no timer (tests release by hand). */
export const HOLD_RULES: UnpaidOrderSettings = {
  maxOrders: 0,
  maxItems: 0,
  holdMs: 48 * HOUR,
  collectionHoldMs: 7 * DAY,
  sweepMs: 0,
};

/** As if `ms` had passed on the database's clock since the order was placed: its placing and hold move back. */
export async function ageOrder(t: TestApp, orderId: string, ms: number): Promise<void> {
  const back = sql`(${ms} * interval '1 millisecond')`;
  await t.app.db
    .update(orders)
    .set({ createdAt: sql`${orders.createdAt} - ${back}`, unpaidHoldUntil: sql`${orders.unpaidHoldUntil} - ${back}` })
    .where(eq(orders.id, orderId));
}

export const mazabuka = { ...address, city: 'Mazabuka', province: 'Southern' };
const PICKUP_FEE_NGWEE = 1500;

/** A pickup point in Mazabuka whose keeper takes the money on collection (decision 045); its id. */
export async function payOnCollectionPoint(t: TestApp, admin: Record<string, string>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/delivery-options',
    headers: admin,
    payload: {
      kind: 'pickup',
      name: `Mazabuka shop ${Math.random().toString(36).slice(2, 8)}`,
      provinces: ['Southern'],
      towns: ['Mazabuka'],
      fee: toKwacha(PICKUP_FEE_NGWEE),
      estimate: '1-2 days',
      openingHours: 'Mon-Sat 08:00-17:00',
      directions: 'Behind the market',
      payOnCollection: true,
    },
  });
  if (res.statusCode !== 201) throw new Error(`saving the pickup point answered ${res.statusCode}: ${res.body}`);
  return res.json()._id;
}

/** The body of a pay-on-collection order of `quantity` of a product at that point. */
export function collectionOrderBody(product: { id: string; priceNgwee: number }, option: string, quantity = 1) {
  const totals = computeTotals([{ unitPriceNgwee: product.priceNgwee, quantity }], {
    delivery: { feeNgwee: PICKUP_FEE_NGWEE, freeAboveNgwee: null },
  });
  return {
    orderItems: [{ product: product.id, quantity }],
    shippingAddress: mazabuka,
    paymentMethod: 'collection',
    deliveryOption: option,
    totalAmount: toKwacha(totals.totalNgwee),
  };
}
