import { expect, it } from 'vitest';
import { returnsHelpers, type ReturnsShop } from './returns-shop';

/**
 * Returns at once (decision 069), run on the embedded database and on PostgreSQL, where the requests really
 * run on separate connections: whatever wins, units and money are counted once.
 */
export function returnRaceCases(shop: ReturnsShop) {
  const h = returnsHelpers(shop);

  it('the last returnable unit asked four times at once: one return, three 409s', async () => {
    const jar = await h.product(64);
    const order = await h.delivered([{ product: jar, quantity: 2 }]);
    const line = (await h.ok(h.returnable(order.id))).lines[0];
    await h.ok(h.ask(order.id, { lines: [{ orderItemId: line.orderItemId, qty: 1 }] }), 201);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => h.ask(order.id, { lines: [{ orderItemId: line.orderItemId, qty: 1 }] })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await h.ok(h.inject('GET', `/api/orders/${order.id}/returns`, shop.customer))).returns).toHaveLength(2);
  });

  it('a receipt and an admin refund by hand at once: together never more than was collected', async () => {
    const jar = await h.product(100);
    const order = await h.delivered([{ product: jar, quantity: 1 }]);
    const line = (await h.ok(h.returnable(order.id))).lines[0];
    const asked = await h.ok(
      h.ask(order.id, { lines: [{ orderItemId: line.orderItemId, qty: 1 }], reason: 'damaged' }),
      201,
    );
    await h.ok(h.accept(asked.id));
    const [received, byHand] = await Promise.all([
      h.receiveAll(asked),
      h.inject('POST', `/api/orders/${order.id}/refunds`, shop.checker, {
        amountNgwee: order.row.totalNgwee,
        reason: 'Refunded on the phone',
        attemptId: null,
      }),
    ]);
    expect(received.statusCode).toBe(200);
    expect([201, 409]).toContain(byHand.statusCode);
    const money = await h.refundsView(order.id);
    expect(money.refundedNgwee + money.pendingNgwee).toBeLessThanOrEqual(money.collectedNgwee);
  });

  it('two receipts of exchanges wanting the last one in stock: one exchanged, one 409 naming it; stock never below 0', async () => {
    const jar = await h.product(40);
    const last = await h.product(45, { countInStock: 1, name: 'Last Baobab Jar' });
    const first = await h.delivered([{ product: jar, quantity: 1 }]);
    const second = await h.delivered([{ product: jar, quantity: 1 }]);
    const asks = [];
    for (const order of [first, second]) {
      const line = (await h.ok(h.returnable(order.id))).lines[0];
      const asked = await h.ok(
        h.ask(order.id, {
          lines: [{ orderItemId: line.orderItemId, qty: 1 }],
          outcome: 'exchange',
          exchange: [{ productId: last.id, qty: 1 }],
        }),
        201,
      );
      await h.ok(h.accept(asked.id));
      asks.push(asked);
    }
    const receipts = await Promise.all(asks.map((asked) => h.receiveAll(asked)));
    expect(receipts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = receipts.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe('Not enough stock for Last Baobab Jar: only 0 left');
    expect(await h.stock(last.id)).toBe(0);
    // The refused receipt changed nothing: its return is still accepted, its jar not restocked twice.
    const still = asks[receipts.indexOf(refused)];
    expect((await h.ok(h.inject('GET', `/api/returns/${still.id}`, shop.admin))).state).toBe('accepted');
  });
}
