import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, paymentAttempts, refunds } from '../../db/schema';
import { formatKwacha } from '../../../shared/money';
import { fitsOneSms } from '../../../shared/sms-text';
import { orderLinkUrl } from '../orders';
import { refundHelpers, useRefundShop } from './test/refund-shop';

/** Refunds over HTTP (docs/decisions/030-refunds.md), with the co-op's default rule: a second admin approves every refund. */
describe('refunds, REFUND_APPROVAL=always', () => {
  const shop = useRefundShop({ refundApproval: { kind: 'always' } });
  const h = refundHelpers(shop);

  it('a partial refund by hand: asked, refused to its own asker, approved by another admin, then recorded, mailed and texted', async () => {
    const order = await h.paidByHand(200);
    const asked = await h.ask(shop.maker, order.id, 5_000, null, 'One jar arrived broken');
    expect(asked.statusCode).toBe(201);
    const refund = asked.json();
    expect(refund).toMatchObject({
      orderId: order.id,
      route: 'by-hand',
      state: 'requested',
      awaitingApproval: true,
      amountNgwee: 5_000,
      amount: 50,
      currency: 'ZMW',
      reason: 'One jar arrived broken',
      requestedBy: { _id: shop.maker.user.id, name: 'Mutale Maker' },
      approvedBy: null,
    });
    expect((await h.refundMailsOf(order.id)).length).toBe(0);

    const own = await h.approve(shop.maker, refund._id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('A refund must be approved by another admin');

    const approved = await h.approve(shop.checker, refund._id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      state: 'successful',
      awaitingApproval: false,
      approvedBy: { name: 'Chanda Checker' },
    });
    expect(approved.json().endedAt).not.toBeNull();

    const again = await h.approve(shop.otherChecker, refund._id);
    expect(again.statusCode).toBe(409);

    const view = (await h.view(order.id)).json();
    expect(view).toMatchObject({
      collectedNgwee: 20_000,
      refundedNgwee: 5_000,
      pendingNgwee: 0,
      netNgwee: 15_000,
      refundableNgwee: 15_000,
      status: 'partly refunded',
    });
    expect(view.approval).toEqual({ kind: 'always', aboveNgwee: null });

    const owner = await h.inject('GET', `/api/orders/${order.id}`, shop.customer);
    expect(owner.json()).toMatchObject({ isPaid: true, refundedNgwee: 5_000, refundStatus: 'partly refunded' });

    const [mail] = await h.refundMailsOf(order.id);
    expect(mail).toMatchObject({ toAddress: shop.customer.email });
    expect(mail.textBody).toContain('refund of K');
    const [text] = await h.textsOf(order.id, 'order-refunded');
    expect(text).toMatchObject({ toNumber: '+260971234567' });
    expect(text.body).toMatch(/Refund of K50(\.00)? for order #/);
    expect(fitsOneSms(text.body)).toBe(true);

    const lines = await shop.t.app.db.select().from(auditEvents).where(eq(auditEvents.subjectId, order.id));
    expect(lines.map((l) => l.action).sort()).toEqual(['refund.approved', 'refund.requested', 'refund.successful']);
  });

  it('a full refund: the order reads "refunded" for its owner, in the admin list, in "my orders" and on the signed link', async () => {
    const order = await h.paidByHand(120);
    const refund = (await h.ask(shop.maker, order.id, 12_000)).json();
    expect((await h.approve(shop.checker, refund._id)).statusCode).toBe(200);

    const mine = (await h.inject('GET', '/api/orders/myorders', shop.customer)).json();
    expect(mine.find((o: { _id: string }) => o._id === order.id)).toMatchObject({
      refundedNgwee: 12_000,
      refundStatus: 'refunded',
    });
    const list = (await h.inject('GET', '/api/orders?limit=100', shop.maker)).json();
    expect(list.orders.find((o: { _id: string }) => o._id === order.id)).toMatchObject({
      refundedNgwee: 12_000,
      refundStatus: 'refunded',
    });
    const token = orderLinkUrl('http://x', order.id, shop.t.config.jwtSecret).split('/o/')[1];
    const linked = await h.inject('GET', `/api/order-links/${token}`, null);
    expect(linked.statusCode).toBe(200);
    expect(JSON.stringify(linked.json())).toContain('"refundStatus":"refunded"');

    const refused = await h.ask(shop.maker, order.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`At most ${formatKwacha(0)} can go back for this order`);
  });

  it('refuses more than may go back, counting refunds still waiting for approval', async () => {
    const order = await h.paidByHand(150);
    expect((await h.ask(shop.maker, order.id, 3_000)).statusCode).toBe(201);
    const tooMuch = await h.ask(shop.maker, order.id, 12_001);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(`At most ${formatKwacha(120)} can go back for this order`);
    expect((await h.ask(shop.maker, order.id, 12_000)).statusCode).toBe(201);
    expect((await h.view(order.id)).json()).toMatchObject({
      pendingNgwee: 15_000,
      refundableNgwee: 0,
      refundedNgwee: 0,
      status: 'none',
    });
  });

  it('refuses an order that took no money, an unknown order, and a payment of another order', async () => {
    const unpaid = await h.unpaid(80);
    const none = await h.ask(shop.maker, unpaid.id, 100);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This order has no payment to refund');
    expect((await h.ask(shop.maker, '00000000-0000-4000-8000-000000000000', 100)).statusCode).toBe(404);
    expect((await h.view('not-an-id')).statusCode).toBe(404);
    const { attempt: elsewhere } = await h.paidByProvider('mtn', 60);
    const order = await h.paidByHand(60);
    expect((await h.ask(shop.maker, order.id, 100, elsewhere.id)).statusCode).toBe(404);
    expect((await h.ask(shop.maker, order.id, 100, 'junk')).statusCode).toBe(404);
  });

  it('offers each provider collection as a source (late ones flagged refund due) beside by hand, and clears the flag once it is paid back', async () => {
    const { order, attempt } = await h.paidByProvider('mtn', 100);
    const late = await h.collection(order.id, 'airtel', 100, { refundDue: true });
    const view = (await h.view(order.id)).json();
    expect(view).toMatchObject({ collectedNgwee: 20_000, refundableNgwee: 20_000 });
    expect(view.sources).toEqual([
      expect.objectContaining({
        attemptId: attempt.id,
        provider: 'mtn',
        phone: '+260961234567',
        route: 'by-hand',
        collectedNgwee: 10_000,
        refundableNgwee: 10_000,
        refundDue: false,
      }),
      expect.objectContaining({
        attemptId: late.id,
        provider: 'airtel',
        route: 'by-hand',
        collectedNgwee: 10_000,
        refundableNgwee: 10_000,
        refundDue: true,
        wholeOnly: false,
      }),
      expect.objectContaining({
        attemptId: null,
        provider: null,
        route: 'by-hand',
        collectedNgwee: 0,
        refundableNgwee: 20_000,
      }),
    ]);

    const above = await h.ask(shop.maker, order.id, 10_001, late.id);
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toBe(`At most ${formatKwacha(100)} can go back through this payment`);

    const refund = (await h.ask(shop.maker, order.id, 10_000, late.id, 'Paid twice')).json();
    expect(refund).toMatchObject({ attemptId: late.id, provider: 'airtel', phone: '+260971234567' });
    expect((await h.approve(shop.checker, refund._id)).json()).toMatchObject({ state: 'successful' });
    const [after] = await shop.t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, late.id));
    expect(after.refundDue).toBe(false);
    expect((await h.view(order.id)).json()).toMatchObject({
      refundedNgwee: 10_000,
      netNgwee: 10_000,
      status: 'partly refunded',
    });
    const [text] = await h.textsOf(order.id, 'order-refunded');
    expect(fitsOneSms(text.body)).toBe(true);
  });

  it('cancels a refund not yet sent (freeing its amount), and refuses to cancel or approve it twice', async () => {
    const order = await h.paidByHand(90);
    const refund = (await h.ask(shop.maker, order.id, 9_000)).json();
    const cancelled = await h.cancel(shop.checker, refund._id, 'Customer kept the item');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      state: 'cancelled',
      cancelledBy: { name: 'Chanda Checker', note: 'Customer kept the item' },
    });
    expect((await h.cancel(shop.maker, refund._id)).statusCode).toBe(409);
    expect((await h.approve(shop.checker, refund._id)).statusCode).toBe(409);
    expect((await h.view(order.id)).json()).toMatchObject({ refundableNgwee: 9_000, pendingNgwee: 0 });
    const done = (await h.ask(shop.maker, order.id, 1_000)).json();
    await h.approve(shop.checker, done._id);
    const late = await h.cancel(shop.maker, done._id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This refund is successful: only a refund not yet sent can be cancelled');
  });

  it('lists refunds by filter with counts, newest first', async () => {
    const order = await h.paidByHand(70);
    const waiting = (await h.ask(shop.maker, order.id, 700)).json();
    const list = await h.inject('GET', '/api/refunds?filter=waiting&limit=100', shop.checker);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.refunds[0]).toMatchObject({
      _id: waiting._id,
      order: { _id: order.id, customerName: 'Natasha Customer', total: 70 },
    });
    expect(body.refunds.every((r: { state: string }) => r.state === 'requested')).toBe(true);
    expect(body.total).toBe(body.counts.waiting);
    expect(body.counts.all).toBeGreaterThan(body.counts.waiting);
    expect((await h.inject('GET', '/api/refunds?filter=nope', shop.checker)).statusCode).toBe(400);
  });

  it('shows a refund still on its way 24 hours after approval as stuck: on the refund, in the order, under its own filter and still in moving', async () => {
    const { order, attempt } = await h.paidByProvider('mtn', 40);
    const refund = (await h.ask(shop.maker, order.id, 4_000, attempt.id)).json();
    expect(refund).toMatchObject({ state: 'requested', stuck: false });
    // As the sender leaves an MTN refund it sent and is still reading, approved `hours` ago.
    const sentHoursAgo = (hours: number) =>
      shop.t.app.db.execute(
        sql`update refunds set state = 'sent', route = 'mtn-refund', approved_at = now() - ${`${hours} hours`}::interval where id = ${refund._id}`,
      );
    const stuckOf = async () =>
      (await h.view(order.id)).json().refunds.find((r: { _id: string }) => r._id === refund._id).stuck;
    const listed = async (filter: string) =>
      (await h.inject('GET', `/api/refunds?filter=${filter}&limit=100`, shop.checker)).json();

    await sentHoursAgo(23);
    expect(await stuckOf()).toBe(false);
    expect((await listed('stuck')).refunds.map((r: { _id: string }) => r._id)).not.toContain(refund._id);

    await sentHoursAgo(25);
    expect(await stuckOf()).toBe(true);
    const stuck = await listed('stuck');
    expect(stuck.refunds.map((r: { _id: string }) => r._id)).toContain(refund._id);
    expect(
      stuck.refunds.every((r: { stuck: boolean; state: string }) => r.stuck && ['approved', 'sent'].includes(r.state)),
    ).toBe(true);
    expect(stuck.total).toBe(stuck.counts.stuck);
    expect(stuck.counts.moving).toBeGreaterThanOrEqual(stuck.counts.stuck);
    expect((await listed('moving')).refunds.find((r: { _id: string }) => r._id === refund._id)).toMatchObject({
      stuck: true,
    });

    // Ended, it is no longer stuck, however long it took.
    await shop.t.app.db
      .update(refunds)
      .set({ state: 'successful', endedAt: new Date() })
      .where(eq(refunds.id, refund._id));
    expect(await stuckOf()).toBe(false);
    expect((await listed('stuck')).refunds.map((r: { _id: string }) => r._id)).not.toContain(refund._id);
  });

  it('answers 400 to a bad amount or a missing reason, and 401/403 to anyone but an admin on every refund route', async () => {
    const order = await h.paidByHand(50);
    for (const body of [
      { amountNgwee: 0, reason: 'x' },
      { amountNgwee: 1.5, reason: 'x' },
      { amountNgwee: 100, reason: '  ' },
      { amountNgwee: 100 },
    ]) {
      expect((await h.inject('POST', `/api/orders/${order.id}/refunds`, shop.maker, body)).statusCode).toBe(400);
    }
    // NUL cannot be stored in PostgreSQL text: refused as input (plugins/request-input.ts), never a 500.
    const nul = await h.inject('POST', `/api/orders/${order.id}/refunds`, shop.maker, {
      amountNgwee: 100,
      reason: 'broken\u0000jar',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(
      'reason: text must not contain NUL characters or broken Unicode (an unpaired surrogate)',
    );
    const refund = (await h.ask(shop.maker, order.id, 100, null, 'Reason only admins read')).json();
    expect((await h.cancel(shop.checker, refund._id, 'kept\u0000')).statusCode).toBe(400);
    // The shopper's own order carries the refunded sum and status only: no refund, reason or admin's name.
    const owner = (await h.inject('GET', `/api/orders/${order.id}`, shop.customer)).json();
    expect(owner).toMatchObject({ refundedNgwee: 0, refundStatus: 'none' });
    expect(JSON.stringify(owner)).not.toMatch(/Reason only admins read|Mutale Maker|"refunds"/);
    const routes = [
      ['GET', `/api/orders/${order.id}/refunds`, undefined],
      ['POST', `/api/orders/${order.id}/refunds`, { amountNgwee: 100, reason: 'x' }],
      ['PUT', `/api/refunds/${refund._id}/approve`, undefined],
      ['PUT', `/api/refunds/${refund._id}/cancel`, { note: 'x' }],
      ['GET', '/api/refunds', undefined],
    ] as const;
    for (const [method, url, payload] of routes) {
      expect((await h.inject(method, url, null, payload)).statusCode, `${method} ${url} visitor`).toBe(401);
      expect((await h.inject(method, url, shop.customer, payload)).statusCode, `${method} ${url} customer`).toBe(403);
    }
    const [row] = await shop.t.app.db.select().from(refunds).where(eq(refunds.id, refund._id));
    expect(row.state).toBe('requested');
  });
});

describe('refunds, REFUND_APPROVAL=off (a one-person shop)', () => {
  const shop = useRefundShop({ refundApproval: { kind: 'off' } });
  const h = refundHelpers(shop);

  it('records a refund by hand at once, with the e-mail and the text', async () => {
    const order = await h.paidByHand(100);
    const asked = await h.ask(shop.maker, order.id, 10_000);
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ state: 'successful', awaitingApproval: false, approvedBy: null });
    expect((await h.refundMailsOf(order.id)).length).toBe(1);
    expect((await h.textsOf(order.id, 'order-refunded')).length).toBe(1);
    expect((await h.view(order.id)).json()).toMatchObject({
      status: 'refunded',
      approval: { kind: 'off', aboveNgwee: null },
    });
  });
});

describe('refunds, REFUND_APPROVAL=500 (above K500 only)', () => {
  const shop = useRefundShop({ refundApproval: { kind: 'above', aboveNgwee: 50_000 } });
  const h = refundHelpers(shop);

  it('sends K500 at once and waits for a second admin on K500.01', async () => {
    const order = await h.paidByHand(1_200);
    expect((await h.ask(shop.maker, order.id, 50_000)).json()).toMatchObject({ state: 'successful' });
    const above = (await h.ask(shop.maker, order.id, 50_001)).json();
    expect(above).toMatchObject({ state: 'requested', awaitingApproval: true });
    expect((await h.approve(shop.maker, above._id)).statusCode).toBe(403);
    expect((await h.view(order.id)).json()).toMatchObject({
      approval: { kind: 'above', aboveNgwee: 50_000 },
      refundedNgwee: 50_000,
      pendingNgwee: 50_001,
    });
  });
});
