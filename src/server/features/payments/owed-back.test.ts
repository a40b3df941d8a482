import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders, paymentAttempts } from '../../db/schema';
import { formatKwacha } from '../../../shared/money';
import type { OwedBack, OwedPayment, PaymentList } from '../../../shared/schemas/payments';
import { insertOrder } from '../orders/test/fixtures';
import { behave, ended, paidOrder, until, useSendingShop } from '../refunds/test/sending-shop';

/**
 * Needs attention lists every kwacha owed back (docs/decisions/055-money-owed-back.md): an order cancelled
 * after it took money, a late collection "refund due", a refund the provider failed; one row per order,
 * counted once, until refunds reach the shopper. The collections are real ones through the simulator, and
 * refunds are asked over the API and sent by the refund sender (one admin's word sends one here).
 * PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
 */
const shop = useSendingShop(1);
const FULL_FLOAT = 100_000_000;

afterEach(() => {
  for (const app of shop.apps) app.payments.timing.expiryMs = 5 * 60_000;
});

async function inject(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, auth = shop.admin.auth) {
  return shop.first.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
}

/** The back office's list for one order (searched by its number, as the Payments screen does). */
async function listFor(orderId: string, filter = 'attention') {
  const res = await inject('GET', `/api/payments?filter=${filter}&keyword=${orderId.slice(0, 8)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentList;
}

async function askRefund(orderId: string, amountNgwee: number, attemptId: string | null, reason = 'Sent back') {
  const res = await inject('POST', `/api/orders/${orderId}/refunds`, { amountNgwee, attemptId, reason });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; reference: string; state: string };
}

async function cancel(orderId: string) {
  const res = await inject('PUT', `/api/orders/${orderId}/status`, { status: 'Cancelled' });
  expect(res.statusCode, res.body).toBe(200);
}

const float = (body: { mtn?: number; airtel?: number }) =>
  shop.simulator.app.inject({ method: 'POST', url: '/_sim/float', payload: body });

const attemptOf = async (reference: string) =>
  (await shop.first.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)))[0];

/**
 * An MTN order whose first prompt expired and whose retry paid it; then the shopper approves the first
 * prompt late (docs/decisions/029-late-approvals.md). `beforeLate` runs between the two (an admin cancels).
 */
async function paidTwice(phone: string, totalNgwee: number, beforeLate: (orderId: string) => Promise<void>) {
  for (const app of shop.apps) app.payments.timing.expiryMs = 600;
  const order = await insertOrder(shop.first, { user: shop.customer.user, total: totalNgwee / 100 });
  await shop.first.app.db.update(orders).set({ paymentMethod: 'mtn' }).where(eq(orders.id, order.id));
  const start = async () => {
    const res = await inject('POST', `/api/orders/${order.id}/payments`, { phone }, shop.customer.auth);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { reference: string }).reference;
  };
  const approve = (reference: string) =>
    shop.simulator.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/approve` });
  const first = await start();
  await until(
    'the first prompt to expire',
    () => attemptOf(first),
    (a) => a.state === 'expired',
  );
  const retry = await start();
  await until('the retry to reach the provider', async () => shop.simulator.state.payments.has(retry), Boolean);
  expect((await approve(retry)).statusCode).toBe(200);
  await until(
    'the retry to pay',
    () => attemptOf(retry),
    (a) => a.state === 'successful',
  );
  await beforeLate(order.id);
  expect((await approve(first)).statusCode).toBe(200);
  const late = await until(
    'the late collection',
    () => attemptOf(first),
    (a) => a.collectedAt !== null,
  );
  expect(late).toMatchObject({ flagged: true, refundDue: true });
  return { orderId: order.id, late, paid: await attemptOf(retry) };
}

/** How a row names an MTN or Airtel collection (each network's own method). */
const payment = (attempt: { id: string; provider: string; phone: string }): OwedPayment => ({
  _id: attempt.id,
  provider: attempt.provider as OwedPayment['provider'],
  method: attempt.provider as OwedPayment['method'],
  phone: attempt.phone,
});

describe('Needs attention: money owed back', () => {
  it('answers a visitor 401 and a customer 403 under owed, and shows the customer nothing', async () => {
    const { orderId } = await paidOrder(shop, 'mtn', 4_000, '+260961120009');
    await cancel(orderId);
    const visitor = await shop.first.app.inject({ method: 'GET', url: '/api/payments?filter=owed' });
    expect(visitor.statusCode).toBe(401);
    const customer = await inject('GET', '/api/payments?filter=owed', undefined, shop.customer.auth);
    expect(customer.statusCode).toBe(403);
    expect(customer.body).not.toContain(orderId);
    expect((await listFor(orderId, 'owed')).owedBack.map((o) => o._id)).toEqual([orderId]);
  });

  it("a refund the provider fails is owed, with the provider's reason, until a retry reaches the shopper", async () => {
    const phone = '+260961120001';
    const { orderId, attempt } = await paidOrder(shop, 'mtn', 9_000, phone);
    await float({ mtn: 100 });
    const first = await askRefund(orderId, 9_000, attempt.id, 'The pot arrived broken');
    const failed = await ended(shop, first._id);
    expect(failed).toMatchObject({ state: 'failed', failureReason: 'NOT_ENOUGH_FUNDS' });

    const attention = await listFor(orderId);
    expect(attention.counts).toMatchObject({ attention: 1, owed: 1 });
    expect(attention.total).toBe(1);
    // The collection that paid the order is not a row of its own.
    expect(attention.payments).toEqual([]);
    const [row] = attention.owedBack;
    expect(row).toEqual({
      _id: orderId,
      order: expect.objectContaining({ _id: orderId, customerName: shop.customer.user.name, isPaid: true }),
      owed: 90,
      owedNgwee: 9_000,
      currency: 'ZMW',
      onItsWayNgwee: 0,
      awaitingApproval: false,
      payers: [payment(attempt)],
      reasons: [
        {
          kind: 'refund-failed',
          amountNgwee: 9_000,
          note: 'NOT_ENOUGH_FUNDS',
          payment: payment(attempt),
          refundId: first._id,
          at: failed.endedAt!.toISOString(),
        },
      ],
      updatedAt: expect.any(String),
    } satisfies OwedBack);
    expect(row.order.customerEmail).toBe(shop.customer.email);

    // Asked again, and on its way: still owed, and said so, until the provider says it reached the shopper.
    await float({ mtn: FULL_FLOAT });
    await behave(shop, { phone, refundOutcome: 'never' });
    const retry = await askRefund(orderId, 9_000, attempt.id, 'Again: the pot arrived broken');
    await until('the retry to be sent', async () => shop.simulator.state.refunds.has(retry.reference), Boolean);
    expect((await listFor(orderId)).owedBack).toEqual([
      expect.objectContaining({
        owedNgwee: 9_000,
        onItsWayNgwee: 9_000,
        reasons: [expect.objectContaining({ refundId: first._id })],
      }),
    ]);
    await shop.simulator.app.inject({ method: 'POST', url: `/_sim/refunds/${retry.reference}/succeed` });
    expect(await ended(shop, retry._id)).toMatchObject({ state: 'successful' });
    const after = await listFor(orderId);
    expect(after.owedBack).toEqual([]);
    expect(after.counts).toMatchObject({ attention: 0, owed: 0 });
  });

  it('a paid order that is cancelled owes what it took until refunds reach the shopper; a part refund leaves the rest', async () => {
    const { orderId, attempt } = await paidOrder(shop, 'airtel', 15_000, '+260971120002');
    expect((await listFor(orderId)).owedBack).toEqual([]);
    await cancel(orderId);
    const [row] = (await listFor(orderId)).owedBack;
    expect(row).toMatchObject({
      _id: orderId,
      order: { status: 'Cancelled', isPaid: true },
      owedNgwee: 15_000,
      payers: [payment(attempt)],
      reasons: [{ kind: 'cancelled', amountNgwee: 15_000, note: null, payment: null, refundId: null, at: null }],
    });

    const part = await askRefund(orderId, 5_000, attempt.id, 'Cancelled: first part');
    expect(await ended(shop, part._id)).toMatchObject({ state: 'successful' });
    expect((await listFor(orderId)).owedBack).toEqual([expect.objectContaining({ owedNgwee: 10_000, owed: 100 })]);
    const rest = await askRefund(orderId, 10_000, attempt.id, 'Cancelled: the rest');
    expect(await ended(shop, rest._id)).toMatchObject({ state: 'successful' });
    expect((await listFor(orderId)).counts).toMatchObject({ attention: 0, owed: 0 });
  });

  it('a cancelled order paid by hand owes its total, with no wallet to send it to, until a refund by hand is recorded', async () => {
    const order = await insertOrder(shop.first, {
      user: shop.customer.user,
      total: 64.5,
      isPaid: true,
      status: 'Cancelled',
    });
    expect((await listFor(order.id)).owedBack).toEqual([
      expect.objectContaining({
        owedNgwee: 6_450,
        payers: [],
        reasons: [expect.objectContaining({ kind: 'cancelled' })],
      }),
    ]);
    const byHand = await askRefund(order.id, 6_450, null, 'Cash handed back at the stall');
    expect(byHand.state).toBe('successful');
    expect((await listFor(order.id)).owedBack).toEqual([]);
  });

  it('a late collection on a cancelled order is counted once: in its order’s row, not again among the attempts', async () => {
    const { orderId, late, paid } = await paidTwice('+260961120003', 10_000, cancel);
    const attention = await listFor(orderId);
    expect(attention.payments).toEqual([]);
    expect(attention.counts).toMatchObject({ attention: 1, owed: 1, flagged: 1 });
    expect(attention.owedBack).toHaveLength(1);
    expect(attention.owedBack[0]).toMatchObject({
      owedNgwee: 20_000,
      // Both from one wallet: named once.
      payers: [payment(paid)],
      reasons: [
        { kind: 'cancelled', amountNgwee: 20_000 },
        { kind: 'flagged', amountNgwee: 10_000, note: late.flagNote, payment: payment(late) },
      ],
    });
    // The flagged filter still lists the collection itself, for an admin to mark dealt with.
    const flagged = await listFor(orderId, 'flagged');
    expect(flagged.payments.map((p) => [p._id, p.needsAttention])).toEqual([[late.id, true]]);
    expect(flagged.owedBack).toEqual([]);
  });

  it('a late collection "refund due" leaves Needs attention once refunds through it reach the shopper, not before', async () => {
    const { orderId, late } = await paidTwice('+260961120004', 12_000, async () => {});
    const owed = await listFor(orderId);
    expect(owed.payments).toEqual([]);
    expect(owed.owedBack).toEqual([
      expect.objectContaining({
        owedNgwee: 12_000,
        order: expect.objectContaining({ isPaid: true, status: 'Pending' }),
        reasons: [
          expect.objectContaining({ kind: 'flagged', note: late.flagNote, at: late.collectedAt!.toISOString() }),
        ],
      }),
    ]);
    expect(late.flagNote).toContain(`Collected ${formatKwacha(120)} after the attempt ended: refund due`);

    const part = await askRefund(orderId, 2_000, late.id, 'Paid twice: part');
    expect(await ended(shop, part._id)).toMatchObject({ state: 'successful' });
    expect((await listFor(orderId)).owedBack).toEqual([expect.objectContaining({ owedNgwee: 10_000 })]);
    const rest = await askRefund(orderId, 10_000, late.id, 'Paid twice: the rest');
    expect(await ended(shop, rest._id)).toMatchObject({ state: 'successful' });

    const after = await listFor(orderId);
    expect(after.payments).toEqual([]);
    expect(after.owedBack).toEqual([]);
    expect(after.counts).toMatchObject({ attention: 0, owed: 0, flagged: 0 });
    // Still among all payments: flagged, refunded in full, needing no one.
    const row = (await listFor(orderId, 'all')).payments.find((p) => p._id === late.id);
    expect(row).toMatchObject({ flagged: true, refundedNgwee: 12_000, needsAttention: false });
  });
});
