import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, orders, refunds } from '../../db/schema';
import { lineCharges, unitsShare } from '../../../shared/return-share';
import { fitsOneSms } from '../../../shared/sms-text';
import { returnsHelpers, useReturnsShop } from './test/returns-shop';

/** Returns over HTTP (decision 069), with REFUND_APPROVAL off: a refund by hand ends as soon as it is asked. */
describe('returns, one admin', () => {
  const shop = useReturnsShop({ refundApproval: { kind: 'off' } });
  const h = returnsHelpers(shop);

  it("a return of part of an order refunds exactly the returned lines' share, with its discount and VAT, and restocks", async () => {
    const oil = await h.product(123.45, { countInStock: 20 });
    const balm = await h.product(67.89, { countInStock: 20 });
    const order = await h.delivered(
      [
        { product: oil, quantity: 3 },
        { product: balm, quantity: 2 },
      ],
      15,
    );
    const { row } = order;
    expect(row.discountNgwee).toBeGreaterThan(0);
    const charges = lineCharges({
      lines: [
        { id: 'a', unitPriceNgwee: oil.priceNgwee, quantity: 3 },
        { id: 'b', unitPriceNgwee: balm.priceNgwee, quantity: 2 },
      ],
      discountNgwee: row.discountNgwee,
      taxNgwee: row.taxNgwee,
      shippingNgwee: row.shippingNgwee,
    });

    const returnable = await h.ok(h.returnable(order.id));
    expect(returnable).toMatchObject({ open: true, whyNot: null, where: { kind: 'courier' } });
    expect(returnable.reasons.map((r: { label: string }) => r.label)).toEqual([
      'Damaged',
      'Wrong item',
      'Not as described',
      'Changed my mind',
    ]);
    const [oilLine] = returnable.lines;
    expect(oilLine).toMatchObject({ qty: 3, returnableQty: 3, rule: 'returnable' });
    expect(oilLine.unitShareNgwee).toBe(unitsShare(charges[0], 3, 0, 1));

    const stockBefore = await h.stock(oil.id);
    const asked = await h.ok(h.ask(order.id, { lines: [{ orderItemId: oilLine.orderItemId, qty: 2 }] }), 201);
    const share = unitsShare(charges[0], 3, 0, 2);
    expect(asked).toMatchObject({
      state: 'requested',
      outcome: 'refund',
      reasonLabel: 'Changed my mind',
      amountNgwee: share,
      lines: [{ orderItemId: oilLine.orderItemId, qty: 2, shareNgwee: share, restocked: 0, writtenOff: 0 }],
      refund: null,
    });
    expect(asked.number).toMatch(/^R\d+$/);
    expect((await h.ok(h.returnable(order.id))).lines[0].returnableQty).toBe(1);

    await h.ok(h.accept(asked.id));
    const received = await h.ok(h.receive(asked.id, [{ lineId: asked.lines[0].id, restock: 1, writeOff: 1 }]));
    expect(received).toMatchObject({
      state: 'refunded',
      amountNgwee: share,
      refund: { state: 'successful', amountNgwee: share },
      lines: [{ restocked: 1, writtenOff: 1 }],
    });
    expect(received.timeline.map((s: { state: string }) => s.state)).toEqual([
      'requested',
      'accepted',
      'received',
      'refunded',
    ]);
    expect(await h.stock(oil.id)).toBe(stockBefore + 1);
    const money = await h.refundsView(order.id);
    expect(money.refundedNgwee).toBe(share);

    // The last oil and both balms: the order's lines add up to its total less delivery (changed my mind).
    const rest = await h.ok(
      h.ask(order.id, {
        lines: [
          { orderItemId: oilLine.orderItemId, qty: 1 },
          { orderItemId: returnable.lines[1].orderItemId, qty: 2 },
        ],
      }),
      201,
    );
    expect(rest.amountNgwee).toBe(charges[0] - share + charges[1]);
    await h.ok(h.accept(rest.id));
    await h.ok(h.receiveAll(rest));
    expect((await h.refundsView(order.id)).refundedNgwee).toBe(row.totalNgwee - row.shippingNgwee);

    const again = await h.ask(order.id, { lines: [{ orderItemId: oilLine.orderItemId, qty: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Everything in this order has been returned or cannot be returned.');

    const steps = await shop.t.app.db.select().from(auditEvents).where(eq(auditEvents.subjectId, asked.id));
    expect(steps.map((s) => s.action).sort()).toEqual([
      'return.accepted',
      'return.received',
      'return.refunded',
      'return.requested',
    ]);
  });

  it('two parallel asks for the last returnable unit: one return, one 409; never more than collected', async () => {
    const jar = await h.product(80, { countInStock: 5 });
    const order = await h.delivered([{ product: jar, quantity: 1 }]);
    const line = (await h.ok(h.returnable(order.id))).lines[0];
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        h.ask(order.id, {
          lines: [{ orderItemId: line.orderItemId, qty: 1 }],
          reason: i % 2 ? 'damaged' : 'changed-mind',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const won = answers.find((a) => a.statusCode === 201)!.json();
    await h.ok(h.accept(won.id));
    await h.ok(h.receiveAll(won));
    const money = await h.refundsView(order.id);
    expect(money.refundedNgwee).toBeLessThanOrEqual(money.collectedNgwee);
    // The whole order back for the shop's fault gives the delivery fee back too; changing one's mind does not.
    expect(money.refundedNgwee).toBe(
      won.reason === 'damaged' ? order.row.totalNgwee : order.row.totalNgwee - order.row.shippingNgwee,
    );
  });

  it('parallel asks for different lines of one order, then parallel receipts, refund no more than was collected', async () => {
    const products = await Promise.all([h.product(10.01), h.product(20.02), h.product(30.03)]);
    const order = await h.delivered(
      products.map((product, i) => ({ product, quantity: i + 2 })),
      33,
    );
    const lines = (await h.ok(h.returnable(order.id))).lines as { orderItemId: string; qty: number }[];
    const asks = await Promise.all(
      lines.flatMap((line) =>
        Array.from({ length: line.qty }, () =>
          h.ask(order.id, { lines: [{ orderItemId: line.orderItemId, qty: 1 }], reason: 'wrong-item' }),
        ),
      ),
    );
    expect(asks.every((a) => a.statusCode === 201)).toBe(true);
    const asked = asks.map((a) => a.json());
    for (const ret of asked) await h.ok(h.accept(ret.id));
    const receipts = await Promise.all(asked.map((ret) => h.receiveAll(ret)));
    expect(receipts.map((r) => r.statusCode)).toEqual(asked.map(() => 200));
    // Every unit restocked once: each product's stock is what it was before the order.
    expect(await Promise.all(products.map((p) => h.stock(p.id)))).toEqual(products.map(() => 50));
    const money = await h.refundsView(order.id);
    // Every unit back for the shop's fault: exactly what was collected, delivery included, to the ngwee.
    expect(money.refundedNgwee).toBe(money.collectedNgwee);
    expect(money.collectedNgwee).toBe(order.row.totalNgwee);
  });

  it('the rules hold whatever the client sends', async () => {
    const nuts = await h.product(45, { category: 'essentials', countInStock: 10 });
    const lotion = await h.product(60, { countInStock: 10 });
    const order = await h.delivered([
      { product: nuts, quantity: 2 },
      { product: lotion, quantity: 1 },
    ]);
    const [nutsLine, lotionLine] = (await h.ok(h.returnable(order.id))).lines;
    expect(nutsLine.rule).toBe('unopened-only');

    const opened = await h.ask(order.id, { lines: [{ orderItemId: nutsLine.orderItemId, qty: 1 }] });
    expect(opened.statusCode).toBe(409);
    expect(opened.json().message).toMatch(/can only be returned unopened/);

    const tooMany = await h.ask(order.id, { lines: [{ orderItemId: lotionLine.orderItemId, qty: 2 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/^You can return at most 1 of /);

    const notInOrder = await h.ask(order.id, { lines: [{ orderItemId: crypto.randomUUID(), qty: 1 }] });
    expect(notInOrder.statusCode).toBe(400);

    const gone = await h.product(30, { countInStock: 0 });
    const outOfStock = await h.ask(order.id, {
      lines: [{ orderItemId: lotionLine.orderItemId, qty: 1 }],
      outcome: 'exchange',
      exchange: [{ productId: gone.id, qty: 1 }],
    });
    expect(outOfStock.statusCode).toBe(409);
    expect(outOfStock.json().message).toMatch(/is out of stock$/);

    expect((await h.returnable(order.id, shop.stranger)).statusCode).toBe(404);
    expect(
      (await h.ask(order.id, { lines: [{ orderItemId: lotionLine.orderItemId, qty: 1 }] }, shop.stranger)).statusCode,
    ).toBe(404);
    expect((await h.returnable(order.id, null)).statusCode).toBe(401);

    // An admin changes the category's rule to never: the server says so.
    await h.ok(
      h.inject('PUT', '/api/settings', shop.admin, {
        returnRules: {
          categories: {
            skincare: 'returnable',
            'body-care': 'returnable',
            'gift-sets': 'returnable',
            oil: 'never',
            lotion: 'returnable',
            essentials: 'unopened-only',
          },
          courierPaidBy: 'shopper-unless-at-fault',
        },
      }),
    );
    const never = await h.ask(order.id, { lines: [{ orderItemId: lotionLine.orderItemId, qty: 1 }] });
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toMatch(/cannot be returned$/);
    await h.ok(
      h.inject('PUT', '/api/settings', shop.admin, {
        returnRules: {
          categories: {
            skincare: 'returnable',
            'body-care': 'returnable',
            'gift-sets': 'returnable',
            oil: 'returnable',
            lotion: 'returnable',
            essentials: 'unopened-only',
          },
          courierPaidBy: 'shopper-unless-at-fault',
        },
      }),
    );

    const confirmed = await h.ok(
      h.ask(order.id, { lines: [{ orderItemId: nutsLine.orderItemId, qty: 1 }], unopened: true }),
      201,
    );
    expect(confirmed.unopened).toBe(true);
    expect(confirmed.where.text).toMatch(/The courier fee is yours\.$/);

    // The window: 31 days after delivery it is closed.
    await shop.t.app.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(orders.id, order.id));
    const closed = await h.ask(order.id, { lines: [{ orderItemId: lotionLine.orderItemId, qty: 1 }] });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/^The 30 days to return this order ended on /);
    expect((await h.ok(h.returnable(order.id))).open).toBe(false);
  });

  it('an exchange for something dearer: the replacement order waits for the balance; stock exact', async () => {
    const small = await h.product(50, { countInStock: 10 });
    const big = await h.product(120, { countInStock: 10 });
    const order = await h.delivered([{ product: small, quantity: 2 }]);
    const line = (await h.ok(h.returnable(order.id))).lines[0];
    const asked = await h.ok(
      h.ask(order.id, {
        lines: [{ orderItemId: line.orderItemId, qty: 1 }],
        reason: 'not-as-described',
        outcome: 'exchange',
        exchange: [{ productId: big.id, qty: 1 }],
      }),
      201,
    );
    expect(asked.exchange).toEqual([
      { productId: big.id, variantId: null, name: big.name, variantText: null, qty: 1, priceNgwee: 12_000 },
    ]);
    const [smallBefore, bigBefore] = [await h.stock(small.id), await h.stock(big.id)];
    await h.ok(h.accept(asked.id));
    const done = await h.ok(h.receiveAll(asked));
    // K50 + 16% = K58 back; K120 + 16% = K139.20 for the replacement: K81.20 to pay.
    expect(done).toMatchObject({ state: 'exchanged', amountNgwee: 5_800, differenceNgwee: 8_120, refund: null });
    expect(await h.stock(small.id)).toBe(smallBefore + 1);
    expect(await h.stock(big.id)).toBe(bigBefore - 1);
    const replacement = await h.ok(h.inject('GET', `/api/orders/${done.replacementOrderId}`, shop.customer));
    expect(replacement).toMatchObject({ isPaid: false, totalPrice: 81.2, shippingPrice: 0 });
    expect(replacement.orderItems).toMatchObject([{ product: big.id, quantity: 1 }]);
    const [text] = await h.textsOf(order.id, 'return-exchanged');
    expect(text.body).toContain('K81.20');
    expect(fitsOneSms(text.body)).toBe(true);
    expect((await h.textsOf(done.replacementOrderId, 'order-placed')).length).toBe(1);
  });

  it('an exchange for something cheaper: the difference is refunded and the replacement is paid', async () => {
    const big = await h.product(120, { countInStock: 10 });
    const small = await h.product(50, { countInStock: 10 });
    const order = await h.delivered([{ product: big, quantity: 1 }]);
    const line = (await h.ok(h.returnable(order.id))).lines[0];
    const asked = await h.ok(
      h.ask(order.id, {
        lines: [{ orderItemId: line.orderItemId, qty: 1 }],
        outcome: 'exchange',
        exchange: [{ productId: small.id, qty: 1 }],
      }),
      201,
    );
    await h.ok(h.accept(asked.id));
    const [bigBefore, smallBefore] = [await h.stock(big.id), await h.stock(small.id)];
    const done = await h.ok(h.receive(asked.id, [{ lineId: asked.lines[0].id, restock: 0, writeOff: 1 }]));
    expect(done).toMatchObject({
      state: 'exchanged',
      amountNgwee: 13_920,
      differenceNgwee: 5_800 - 13_920,
      refund: { state: 'successful', amountNgwee: 8_120 },
    });
    expect(await h.stock(big.id)).toBe(bigBefore);
    expect(await h.stock(small.id)).toBe(smallBefore - 1);
    const replacement = await h.ok(h.inject('GET', `/api/orders/${done.replacementOrderId}`, shop.customer));
    expect(replacement).toMatchObject({ isPaid: true, totalPrice: 0 });
    const money = await h.refundsView(order.id);
    expect(money.refundedNgwee).toBe(8_120);
    // The credit the replacement spent is held: nothing more of this order may come back as money.
    const [refundRow] = await shop.t.app.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refundRow.reason).toBe(`Exchange ${asked.number}: the difference`);
  });

  it('wrong-state steps answer 409 naming the state; two admins at once: one wins', async () => {
    const jar = await h.product(40);
    const order = await h.delivered([{ product: jar, quantity: 3 }]);
    const line = (await h.ok(h.returnable(order.id))).lines[0];
    const asked = await h.ok(h.ask(order.id, { lines: [{ orderItemId: line.orderItemId, qty: 1 }] }), 201);
    const early = await h.receiveAll(asked);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This return is requested: it cannot be received');
    const accepts = await Promise.all([h.accept(asked.id), h.accept(asked.id, shop.checker)]);
    expect(accepts.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const receipts = await Promise.all([h.receiveAll(asked), h.receiveAll(asked, shop.checker)]);
    expect(receipts.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await h.refundsView(order.id)).refunds).toHaveLength(1);
    const late = await h.refuse(asked.id, 'Too late');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This return is refunded: it cannot be refused');

    const second = await h.ok(h.ask(order.id, { lines: [{ orderItemId: line.orderItemId, qty: 2 }] }), 201);
    const refused = await h.ok(h.refuse(second.id, 'The seal was broken'));
    expect(refused).toMatchObject({ state: 'refused', refusalReason: 'The seal was broken' });
    const [text] = await h.textsOf(order.id, 'return-refused');
    expect(text.body).toContain('The seal was broken');
    // A refused return's units can be asked again.
    expect((await h.ok(h.returnable(order.id))).lines[0].returnableQty).toBe(2);

    const afterRefusal = await h.receive(second.id, [{ lineId: second.lines[0].id, restock: 2, writeOff: 0 }]);
    expect(afterRefusal.statusCode).toBe(409);

    // What came back must account for every unit of every line, once.
    const third = await h.ok(h.ask(order.id, { lines: [{ orderItemId: line.orderItemId, qty: 2 }] }), 201);
    const noBody = await shop.t.app.inject({
      method: 'PUT',
      url: `/api/returns/${third.id}/accept`,
      headers: shop.admin.auth,
    });
    expect(noBody.statusCode).toBe(200);
    const lineId = third.lines[0].id;
    for (const lines of [
      [{ lineId, restock: 1, writeOff: 0 }],
      [{ lineId, restock: 2, writeOff: 1 }],
      [
        { lineId, restock: 1, writeOff: 1 },
        { lineId, restock: 1, writeOff: 1 },
      ],
      [{ lineId: crypto.randomUUID(), restock: 2, writeOff: 0 }],
    ]) {
      const refused = await h.receive(third.id, lines);
      expect(refused.statusCode).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
    expect((await h.ok(h.receive(third.id, [{ lineId, restock: 0, writeOff: 2 }]))).state).toBe('refunded');
  });

  it('texts and e-mails the shopper at each step, and admins list returns by state', async () => {
    const jar = await h.product(75);
    const order = await h.delivered([{ product: jar, quantity: 1 }]);
    const line = (await h.ok(h.returnable(order.id))).lines[0];
    const asked = await h.ok(
      h.ask(order.id, { lines: [{ orderItemId: line.orderItemId, qty: 1 }], reason: 'damaged' }),
      201,
    );
    const [requested] = await h.textsOf(order.id, 'return-requested');
    expect(requested.body).toContain(`Return ${asked.number}`);
    expect(requested.body).toContain('courier');
    expect(fitsOneSms(requested.body)).toBe(true);
    expect(await h.mailsOf('return-requested', asked.number)).toHaveLength(1);

    const list = await h.ok(h.inject('GET', '/api/returns?state=requested', shop.admin));
    expect(list.counts.requested).toBeGreaterThanOrEqual(1);
    expect(list.returns.every((r: { state: string }) => r.state === 'requested')).toBe(true);
    expect(list.returns.find((r: { id: string }) => r.id === asked.id)).toMatchObject({
      shopperName: 'Natasha Customer',
      units: 1,
      reasonLabel: 'Damaged',
    });
    expect((await h.inject('GET', '/api/returns', shop.customer)).statusCode).toBe(403);
    expect((await h.accept(asked.id, shop.customer)).statusCode).toBe(403);

    await h.ok(h.accept(asked.id));
    await h.ok(h.receiveAll(asked));
    for (const kind of ['return-accepted', 'return-received']) {
      const [text] = await h.textsOf(order.id, kind);
      expect(fitsOneSms(text.body)).toBe(true);
    }
    const [refunded] = await h.textsOf(order.id, 'order-refunded');
    // Damaged, and the whole order back: K87 for the jar with its VAT, and the K75 delivery.
    expect(refunded.body).toMatch(/Refund of K162(\.00)? for order #/);
    const mine = await h.ok(h.inject('GET', `/api/orders/${order.id}/returns`, shop.customer));
    expect(mine.returns[0]).toMatchObject({ id: asked.id, state: 'refunded' });
  });
});

describe('returns of a collected pickup order, asked by an admin for the shopper', () => {
  const shop = useReturnsShop({ refundApproval: { kind: 'off' } });
  const h = returnsHelpers(shop);

  it('counts the window from collection and says to bring it to the pickup point', async () => {
    const jar = await h.product(20);
    const order = await h.delivered([{ product: jar, quantity: 1 }]);
    const collectedAt = new Date(Date.now() - 29 * 24 * 3600 * 1000);
    await shop.t.app.db
      .update(orders)
      .set({
        status: 'Processing',
        isDelivered: false,
        deliveredAt: null,
        collectedAt,
        delivery: {
          name: 'Choma Market Stall',
          kind: 'pickup',
          estimate: '2 days',
          openingHours: 'Mon-Sat 8-17',
          directions: '',
        },
      })
      .where(eq(orders.id, order.id));
    const returnable = await h.ok(h.returnable(order.id, shop.admin));
    expect(returnable).toMatchObject({
      open: true,
      windowEndsAt: new Date(collectedAt.getTime() + 30 * 24 * 3600 * 1000).toISOString(),
      where: { kind: 'pickup', text: 'Bring it to Choma Market Stall (Mon-Sat 8-17).' },
    });
    const asked = await h.ok(
      h.ask(order.id, { lines: [{ orderItemId: returnable.lines[0].orderItemId, qty: 1 }] }, shop.admin),
      201,
    );
    expect(asked.timeline).toEqual([expect.objectContaining({ state: 'requested', byName: 'Mutale Admin' })]);
    expect(asked.where.text).toBe('Bring it to Choma Market Stall (Mon-Sat 8-17).');
    const [text] = await h.textsOf(order.id, 'return-requested');
    expect(text.body).toContain('Bring it to Choma Market Stall');
    // Not yet handed over: no window yet.
    await shop.t.app.db.update(orders).set({ collectedAt: null }).where(eq(orders.id, order.id));
    expect((await h.ok(h.returnable(order.id))).whyNot).toBe(
      'You can ask for a return once the order is delivered or collected.',
    );
  });
});

/** The co-op's default: a second admin approves the refund a return asks; the return is refunded when it is. */
describe('returns, REFUND_APPROVAL=always', () => {
  const shop = useReturnsShop({ refundApproval: { kind: 'always' } });
  const h = returnsHelpers(shop);

  it('receiving asks the refund; the second admin approves it and the return becomes refunded', async () => {
    const jar = await h.product(99);
    const order = await h.delivered([{ product: jar, quantity: 2 }]);
    const line = (await h.ok(h.returnable(order.id))).lines[0];
    const asked = await h.ok(h.ask(order.id, { lines: [{ orderItemId: line.orderItemId, qty: 1 }] }), 201);
    await h.ok(h.accept(asked.id));
    const received = await h.ok(h.receiveAll(asked));
    expect(received).toMatchObject({ state: 'received', refund: { state: 'requested', amountNgwee: 11_484 } });
    const approved = await h.inject('PUT', `/api/refunds/${received.refund.id}/approve`, shop.checker);
    expect(approved.statusCode).toBe(200);
    const after = await h.ok(h.inject('GET', `/api/returns/${asked.id}`, shop.admin));
    expect(after).toMatchObject({ state: 'refunded', refund: { state: 'successful' } });
    expect(after.timeline.at(-1)).toMatchObject({ state: 'refunded', byName: 'Shop' });
  });
  it('a refund cancelled before it was sent is asked again from the return, once, and the return ends refunded', async () => {
    const jar = await h.product(50);
    const order = await h.delivered([{ product: jar, quantity: 1 }]);
    const line = (await h.ok(h.returnable(order.id))).lines[0];
    const asked = await h.ok(h.ask(order.id, { lines: [{ orderItemId: line.orderItemId, qty: 1 }] }), 201);
    await h.ok(h.accept(asked.id));
    const received = await h.ok(h.receiveAll(asked));
    const early = await h.inject('PUT', `/api/returns/${asked.id}/refund`, shop.admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/may still go out/);
    await h.ok(h.inject('PUT', `/api/refunds/${received.refund.id}/cancel`, shop.checker, { note: 'Wrong wallet' }));
    const stuck = await h.ok(h.inject('GET', `/api/returns/${asked.id}`, shop.admin));
    expect(stuck).toMatchObject({ state: 'received', refund: { state: 'cancelled' } });

    const again = await Promise.all([
      h.inject('PUT', `/api/returns/${asked.id}/refund`, shop.admin),
      h.inject('PUT', `/api/returns/${asked.id}/refund`, shop.checker),
    ]);
    expect(again.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const renewed = again.find((a) => a.statusCode === 200)!.json();
    expect(renewed).toMatchObject({ state: 'received', refund: { state: 'requested', amountNgwee: 5_800 } });
    expect(renewed.refund.id).not.toBe(received.refund.id);
    const approver = again[0].statusCode === 200 ? shop.checker : shop.admin;
    await h.ok(h.inject('PUT', `/api/refunds/${renewed.refund.id}/approve`, approver));
    const done = await h.ok(h.inject('GET', `/api/returns/${asked.id}`, shop.admin));
    expect(done).toMatchObject({ state: 'refunded', refund: { state: 'successful', amountNgwee: 5_800 } });
    expect((await h.refundsView(order.id)).refundedNgwee).toBe(5_800);
  });
});
