import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, orders, smsMessages } from '../../db/schema';
import { createUser, useTwoInstances } from '../../test/test-app';
import { waitUntil } from '../../test/kill-and-restart';
import { insertProduct, orderBody, stockOf } from './test/fixtures';
import { ageOrder, HOLD_RULES, HOUR } from './test/unpaid';
import { releaseUnpaidOrders } from './unpaid-release';

/**
 * Two instances on one PostgreSQL, each looking for unpaid orders past their hold on its own timer (every
 * 50 ms here) and asked to release at the same moment too: each order is released once (decision 056).
 */
const pair = useTwoInstances({ unpaidOrders: { ...HOLD_RULES, sweepMs: 50 } });

describe('two instances releasing unpaid orders', () => {
  it('release each order once: one cancellation, one text, its stock back once', async () => {
    const t = pair.first;
    const customer = await createUser(t);
    const product = await insertProduct(t, { price: 40, countInStock: 100 });
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.auth,
        payload: orderBody([{ product: product.id, quantity: 2, price: 40 }], { paymentMethod: 'mtn' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json()._id);
    }
    expect(await stockOf(t, product.id)).toBe(60);

    for (const id of ids) await ageOrder(t, id, 49 * HOUR);
    await Promise.all([releaseUnpaidOrders(pair.first.app), releaseUnpaidOrders(pair.second.app)]);
    const allCancelled = async () =>
      (await t.app.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids))).every(
        (o) => o.status === 'Cancelled',
      );
    expect(await waitUntil(allCancelled, 10_000)).toBe(true);

    expect(await stockOf(t, product.id)).toBe(100);
    const cancellations = await t.app.db
      .select({ id: auditEvents.subjectId, by: auditEvents.actorName })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'order.cancelled'), inArray(auditEvents.subjectId, ids)));
    expect(cancellations.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(new Set(cancellations.map((c) => c.by))).toEqual(new Set(['Shop (unpaid order released)']));
    const texts = await t.app.db
      .select({ id: smsMessages.orderId })
      .from(smsMessages)
      .where(and(eq(smsMessages.kind, 'order-released'), inArray(smsMessages.orderId, ids)));
    expect(texts.map((m) => m.id).sort()).toEqual([...ids].sort());
  });
});
