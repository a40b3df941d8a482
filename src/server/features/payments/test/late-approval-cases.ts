import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { DEMO_AIRTEL, DEMO_MTN, startSimulators, type RunningSimulators } from '../../../../../simulators/server';
import { freePort } from '../../../../../scripts/local-server';
import type { AppConfig } from '../../../config';
import { auditEvents, mailMessages, orders, paymentAttempts } from '../../../db/schema';
import { createTestApp, createUser, startSecondInstance, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../orders/test/fixtures';
import { formatKwacha } from '../../../../shared/money';
import { orderReference } from '../../../../shared/order-status';
import type { PaymentList } from '../../../../shared/schemas/payments';
import type { PaymentTiming } from '../service';
import { until } from '../../../test/until';

/**
 * Late approvals (docs/decisions/029-late-approvals.md) end to end: the shop listens on 127.0.0.1, the
 * real simulator answers its clients and calls its callbacks over HTTP, the pollers run with fast timings.
 * Shared by late-approvals.test.ts (one instance, PGlite unless TEST_DATABASE_URL) and
 * late-approvals.pg.test.ts (two instances on one PostgreSQL, both polling).
 */
export const LATE_TIMING: Partial<PaymentTiming> = {
  expiryMs: 600,
  firstPollMs: 100,
  maxPollMs: 200,
  tickMs: 50,
  leaseMs: 5_000,
  callbackGapMs: 200,
  lateWindowMs: 30_000,
  latePollMaxMs: 300,
};

export interface LateShop {
  simulator: RunningSimulators;
  first: TestApp;
  /** Every instance polling the database: the first, and a second one on PostgreSQL. */
  apps: TestApp['app'][];
  customer: Awaited<ReturnType<typeof createUser>>;
  admin: Awaited<ReturnType<typeof createUser>>;
}

/** The simulator and the shop (one instance, or two on one PostgreSQL), for a test file's tests; `more`: other settings. */
export function useLateApprovalShop(instances: 1 | 2, more: Partial<AppConfig> = {}): LateShop {
  const shop = { apps: [] as TestApp['app'][] } as LateShop;
  let second: Awaited<ReturnType<typeof startSecondInstance>> | null = null;
  beforeAll(async () => {
    shop.simulator = await startSimulators();
    const port = await freePort();
    const callbackBase = `http://127.0.0.1:${port}/api/payments/callback`;
    const common = { baseUrl: shop.simulator.url, currency: 'ZMW' as const, timeoutMs: 2_000 };
    const config: Partial<AppConfig> = {
      paymentProviders: {
        mtn: {
          ...common,
          apiUser: DEMO_MTN.apiUser,
          apiKey: DEMO_MTN.apiKey,
          subscriptionKey: DEMO_MTN.subscriptionKey,
          targetEnvironment: DEMO_MTN.targetEnvironment,
          callbackUrl: `${callbackBase}/mtn`,
        },
        airtel: {
          ...common,
          clientId: DEMO_AIRTEL.clientId,
          clientSecret: DEMO_AIRTEL.clientSecret,
          country: 'ZM',
          callbackUrl: `${callbackBase}/airtel`,
        },
      },
      paymentTiming: LATE_TIMING,
      ...more,
    };
    shop.first = await createTestApp(config);
    shop.simulator.settle.airtelCallbackUrl = `${callbackBase}/airtel`;
    await shop.first.app.listen({ host: '127.0.0.1', port });
    second = instances === 2 ? await startSecondInstance(shop.first) : null;
    shop.apps = second ? [shop.first.app, second.app] : [shop.first.app];
    shop.customer = await createUser(shop.first);
    shop.admin = await createUser(shop.first, { isAdmin: true });
  }, 60_000);
  afterEach(() => {
    shop.simulator.state.reset();
    for (const app of shop.apps) Object.assign(app.payments.timing, LATE_TIMING);
  });
  afterAll(async () => {
    await second?.close();
    await shop.first?.close();
    await shop.simulator?.close();
  });
  return shop;
}

export { until };

/** What the tests ask of the shop and the simulator, over HTTP where a shopper, an admin or the phone would. */
export function lateHelpers(shop: LateShop) {
  const db = () => shop.first.app.db;
  const helpers = {
    newOrder: async (method: 'mtn' | 'airtel' = 'mtn', total = 123.45) => {
      const order = await insertOrder(shop.first, { user: shop.customer.user, total });
      if (method !== 'mtn') await db().update(orders).set({ paymentMethod: method }).where(eq(orders.id, order.id));
      return order.id;
    },
    start: async (orderId: string, phone = '096 123 4567') => {
      const res = await shop.first.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/payments`,
        headers: shop.customer.auth,
        payload: { phone },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { _id: string; reference: string };
    },
    phone: (reference: string, action: 'approve' | 'decline') =>
      shop.simulator.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/${action}` }),
    behave: (body: object) => shop.simulator.app.inject({ method: 'POST', url: '/_sim/behaviour', payload: body }),
    cancel: (orderId: string) =>
      shop.first.app.inject({
        method: 'PUT',
        url: `/api/orders/${orderId}/status`,
        headers: shop.admin.auth,
        payload: { status: 'Cancelled' },
      }),
    orderRow: async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0],
    attemptRow: async (reference: string) =>
      (await db().select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)))[0],
    ended: (reference: string) =>
      until(
        'the attempt to end',
        () => helpers.attemptRow(reference),
        (a) => !['initiated', 'pending'].includes(a.state),
      ),
    collected: (reference: string) =>
      until(
        'the late collection',
        () => helpers.attemptRow(reference),
        (a) => a.collectedAt !== null,
      ),
    paidMails: async (orderId: string) =>
      (await db().select().from(mailMessages).where(eq(mailMessages.kind, 'order-paid'))).filter((m) =>
        m.subject.includes(`#${orderReference(orderId)}`),
      ),
    lateAuditOf: (attemptId: string) =>
      db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'payment.collected-late'), eq(auditEvents.subjectId, attemptId))),
    /** The simulator's successful collections of the order's references, against the shop's recorded ones. */
    accounts: async (orderId: string) => {
      const rows = await db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
      const atProvider = rows.filter(
        (r) => shop.simulator.state.payments.get(r.reference)?.status === 'SUCCESSFUL',
      ).length;
      return { atProvider, recorded: rows.filter((r) => r.collectedAt !== null).length };
    },
    /**
     * The back office's Needs attention list, as an admin reads it: the attempts, and the orders owing
     * money back (where a collected flagged attempt is, docs/decisions/055-money-owed-back.md).
     */
    needsAttention: async () => {
      const res = await shop.first.app.inject({
        method: 'GET',
        url: '/api/payments?filter=attention&limit=100',
        headers: shop.admin.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PaymentList;
    },
    /** The reasons of the order's owed-back row on Needs attention (undefined when it owes nothing). */
    owedReasons: async (orderId: string) =>
      (await helpers.needsAttention()).owedBack.find((row) => row._id === orderId)?.reasons,
    /** The admin order view's payment attempts. */
    adminAttempts: async (orderId: string) => {
      const res = await shop.first.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}/payments`,
        headers: shop.admin.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { reference: string; state: string; flagged: boolean; flagNote: string | null }[];
    },
  };
  return helpers;
}

/** The cases every database must pass. */
export function lateApprovalCases(shop: LateShop): void {
  const h = lateHelpers(shop);

  it('(a) an expired prompt approved after the retry paid: both collections recorded, the late one flagged "refund due" with its amount', async () => {
    const orderId = await h.newOrder('mtn');
    const first = await h.start(orderId);
    expect(await h.ended(first.reference)).toMatchObject({ state: 'expired' });
    expect((await h.attemptRow(first.reference)).lateReadsUntil).not.toBeNull();
    const retry = await h.start(orderId);
    expect((await h.phone(retry.reference, 'approve')).statusCode).toBe(200);
    expect(await h.ended(retry.reference)).toMatchObject({ state: 'successful', flagged: false });
    expect((await h.orderRow(orderId)).isPaid).toBe(true);

    // The shopper finds the first prompt and approves it: the provider collects a second time.
    expect((await h.phone(first.reference, 'approve')).statusCode).toBe(200);
    const late = await h.collected(first.reference);
    expect(late).toMatchObject({
      state: 'successful',
      flagged: true,
      refundDue: true,
      lateReadsUntil: null,
      leaseUntil: null,
    });
    expect(late.providerTransactionId).toBe(shop.simulator.state.payments.get(first.reference)!.providerTransactionId);
    expect(late.flagNote).toBe(
      `Collected ${formatKwacha(123.45)} after the attempt ended: refund due. The order was already paid: this is a second payment`,
    );
    expect(await h.accounts(orderId)).toEqual({ atProvider: 2, recorded: 2 });
    expect(await h.paidMails(orderId)).toHaveLength(1);

    // Owed back on its order's row, with its note; not listed again among the attempts.
    expect(await h.owedReasons(orderId)).toEqual([
      expect.objectContaining({
        kind: 'flagged',
        note: late.flagNote,
        payment: expect.objectContaining({ _id: late.id }),
      }),
    ]);
    expect((await h.needsAttention()).payments.some((p) => p.reference === first.reference)).toBe(false);
    expect((await h.adminAttempts(orderId)).find((a) => a.reference === first.reference)).toMatchObject({
      state: 'successful',
      flagged: true,
      flagNote: late.flagNote,
    });
    const [audit, ...more] = await h.lateAuditOf(late.id);
    expect(more).toEqual([]);
    expect(audit.summary).toContain('collected after the attempt ended (expired); refund due');
    expect(audit.after).toMatchObject({ amountNgwee: 12_345, currency: 'ZMW', refundDue: true });
  });

  it('(a) an expired prompt approved late, before any retry, pays the order through the one way (one e-mail)', async () => {
    await h.behave({ phone: '096 123 4567', callback: 'never' });
    const orderId = await h.newOrder('mtn');
    const first = await h.start(orderId);
    expect(await h.ended(first.reference)).toMatchObject({ state: 'expired' });
    await h.phone(first.reference, 'approve');
    const late = await h.collected(first.reference);
    expect(late).toMatchObject({ state: 'successful', flagged: false, refundDue: false, flagNote: null });
    const order = await h.orderRow(orderId);
    expect(order.isPaid).toBe(true);
    expect(order.paymentResult).toMatchObject({ by: 'provider', provider: 'mtn', attemptReference: first.reference });
    expect(await h.paidMails(orderId)).toHaveLength(1);
    expect((await h.needsAttention()).payments.some((p) => p.reference === first.reference)).toBe(false);
    expect(await h.owedReasons(orderId)).toBeUndefined();
    expect((await h.lateAuditOf(late.id))[0].summary).toContain('paid the order');
  });

  it('(b) an order cancelled while its Airtel prompt is live, then approved: collected, flagged "refund due", the order stays cancelled and unpaid', async () => {
    const orderId = await h.newOrder('airtel', 80);
    const attempt = await h.start(orderId, '0971234567');
    expect((await h.cancel(orderId)).statusCode).toBe(200);
    expect(await h.attemptRow(attempt.reference)).toMatchObject({
      state: 'failed',
      failureReason: 'The order was cancelled',
    });
    expect((await h.phone(attempt.reference, 'approve')).statusCode).toBe(200);
    const late = await h.collected(attempt.reference);
    expect(late).toMatchObject({ state: 'successful', flagged: true, refundDue: true });
    expect(late.flagNote).toBe(
      `Collected ${formatKwacha(80)} after the attempt ended: refund due. The order was cancelled before the payment arrived`,
    );
    expect(await h.orderRow(orderId)).toMatchObject({ isPaid: false, status: 'Cancelled' });
    expect(await h.accounts(orderId)).toEqual({ atProvider: 1, recorded: 1 });
    expect(await h.owedReasons(orderId)).toEqual([
      expect.objectContaining({ kind: 'cancelled', amountNgwee: 8_000 }),
      expect.objectContaining({ kind: 'flagged', note: late.flagNote }),
    ]);
    expect((await h.lateAuditOf(late.id))[0].summary).toContain('(failed); refund due');
  });

  it('late reads stop at the final word of the provider: a prompt the provider expired is not read again', async () => {
    const orderId = await h.newOrder('mtn');
    const attempt = await h.start(orderId);
    expect(await h.ended(attempt.reference)).toMatchObject({ state: 'expired' });
    const readsWhileOpen = async () => shop.simulator.state.payments.get(attempt.reference)!.statusReads;
    const atEnd = await readsWhileOpen();
    await until('a late read', readsWhileOpen, (n) => n > atEnd);
    expect((await h.attemptRow(attempt.reference)).lateReadsUntil).not.toBeNull();
    expect(
      (await shop.simulator.app.inject({ method: 'POST', url: `/_sim/requests/${attempt.reference}/expire` }))
        .statusCode,
    ).toBe(200);
    await until(
      'the late reads to stop',
      () => h.attemptRow(attempt.reference),
      (a) => a.lateReadsUntil === null,
    );
    expect(await h.attemptRow(attempt.reference)).toMatchObject({
      state: 'expired',
      collectedAt: null,
      flagged: false,
    });
  });

  it('an expired attempt an admin marked as dealt with comes back to Needs attention when it is collected late', async () => {
    const orderId = await h.newOrder('mtn');
    const attempt = await h.start(orderId);
    const ended = await h.ended(attempt.reference);
    const resolve = await shop.first.app.inject({
      method: 'PUT',
      url: `/api/payments/${ended.id}/resolve`,
      headers: shop.admin.auth,
      payload: { note: 'Asked the customer to pay in cash' },
    });
    expect(resolve.statusCode, resolve.body).toBe(200);
    const paid = await shop.first.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/pay`,
      headers: shop.admin.auth,
      payload: { note: 'Cash at the shop' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await h.phone(attempt.reference, 'approve');
    const late = await h.collected(attempt.reference);
    expect(late).toMatchObject({ flagged: true, refundDue: true, resolvedAt: null });
    expect(await h.owedReasons(orderId)).toEqual([
      expect.objectContaining({ kind: 'flagged', payment: expect.objectContaining({ _id: late.id }) }),
    ]);
    expect((await h.lateAuditOf(late.id))[0].before).toMatchObject({ note: 'Asked the customer to pay in cash' });
  });

  it('a late read that stays pending stops when the window ends; an approval after it is no longer read', async () => {
    for (const app of shop.apps) app.payments.timing.lateWindowMs = 1_000;
    const orderId = await h.newOrder('mtn');
    const attempt = await h.start(orderId);
    expect(await h.ended(attempt.reference)).toMatchObject({ state: 'expired' });
    const reads = () => shop.simulator.state.payments.get(attempt.reference)!.statusReads;
    const atEnd = reads();
    await until(
      'the window to end',
      () => h.attemptRow(attempt.reference),
      (a) => a.lateReadsUntil === null,
      5_000,
    );
    expect(reads()).toBeGreaterThan(atEnd);
    const afterWindow = reads();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(reads()).toBe(afterWindow);
    // Past the window even its callback reads nothing: what the provider collects now is the admin's to find.
    await h.phone(attempt.reference, 'approve');
    await until(
      'the callback',
      async () => shop.simulator.state.payments.get(attempt.reference)!.callbacks.length,
      (n) => n === 1,
    );
    expect(reads()).toBe(afterWindow);
    expect(await h.attemptRow(attempt.reference)).toMatchObject({
      state: 'expired',
      collectedAt: null,
      leaseUntil: null,
    });
  });
}
