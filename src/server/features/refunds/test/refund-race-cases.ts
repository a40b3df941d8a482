import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { refunds } from '../../../db/schema';
import { refundHelpers, type RefundShop } from './refund-shop';

/**
 * Refunds asked and approved at once (docs/decisions/030-refunds.md): the order's row lock and the
 * conditional approval let one through and answer 409 to the other. Run on PGlite by refund-races.test.ts
 * and on PostgreSQL (real parallel connections) by refund-races.pg.test.ts.
 */
export function refundRaceCases(shop: RefundShop) {
  const h = refundHelpers(shop);

  it('two requests at once for the last kwacha: one 201, one 409, never more than was collected', async () => {
    for (let round = 0; round < 5; round++) {
      const order = await h.paidByHand(100);
      expect((await h.ask(shop.maker, order.id, 9_000)).statusCode).toBe(201);
      const answers = await Promise.all([h.ask(shop.maker, order.id, 1_000), h.ask(shop.checker, order.id, 1_000)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const rows = await shop.t.app.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(rows.reduce((sum, r) => sum + r.amountNgwee, 0)).toBe(10_000);
    }
  });

  it('two admins approving at once: one 200, one 409, one refund recorded and one e-mail and text', async () => {
    for (let round = 0; round < 5; round++) {
      const order = await h.paidByHand(60);
      const refund = (await h.ask(shop.maker, order.id, 6_000)).json();
      const answers = await Promise.all([
        h.approve(shop.checker, refund._id),
        h.approve(shop.otherChecker, refund._id),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect((await h.view(order.id)).json()).toMatchObject({ refundedNgwee: 6_000, status: 'refunded' });
      expect(await h.refundMailsOf(order.id)).toHaveLength(1);
      expect(await h.textsOf(order.id, 'order-refunded')).toHaveLength(1);
    }
  });

  it('a cancel and an approval at once: exactly one of them wins', async () => {
    const order = await h.paidByHand(40);
    const refund = (await h.ask(shop.maker, order.id, 4_000)).json();
    const [approved, cancelled] = await Promise.all([
      h.approve(shop.checker, refund._id),
      h.cancel(shop.otherChecker, refund._id),
    ]);
    expect([approved.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
    const [row] = await shop.t.app.db.select().from(refunds).where(eq(refunds.id, refund._id));
    expect(row.state).toBe(approved.statusCode === 200 ? 'successful' : 'cancelled');
  });
}
