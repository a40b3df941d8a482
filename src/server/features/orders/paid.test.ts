import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { settleOrderPayment } from './paid';
import { insertProduct, orderBody } from './test/fixtures';

/** The one way an order becomes paid (orders/paid.ts markOrderPaid), whoever says so. */
describe('an order made paid by a provider or by an admin', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let owner: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    owner = await createUser(t);
  });
  afterAll(() => t.close());

  async function placeOrder() {
    const product = await insertProduct(t, { price: 40 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: owner.auth,
      payload: orderBody([{ product: product.id, quantity: 1, price: 40 }]),
    });
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  }
  const asOwner = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: owner.auth })).json();
  /** What payments does when a provider confirms the money (payments/service.ts settleAttempt). */
  const providerConfirms = (id: string, transactionId: string) =>
    settleOrderPayment(t.app, id, async () => ({
      pay: { provider: 'mtn', reference: `attempt-${transactionId}`, providerTransactionId: transactionId },
      result: null,
    }));

  it('stores one paymentResult shape on both paths, saying which', async () => {
    const byProvider = await placeOrder();
    await providerConfirms(byProvider, 'MP-1001');
    const byAdmin = await placeOrder();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/orders/${byAdmin}/pay`,
          headers: admin.auth,
          payload: { note: 'Cash at the stall' },
        })
      ).statusCode,
    ).toBe(200);

    const provider = await asOwner(byProvider);
    const marked = await asOwner(byAdmin);
    expect(provider).toMatchObject({ isPaid: true, paymentReference: 'MP-1001' });
    expect(marked).toMatchObject({ isPaid: true });
    expect(Object.keys(provider.paymentResult).sort()).toEqual(Object.keys(marked.paymentResult).sort());
    expect(provider.paymentResult).toEqual({
      id: 'MP-1001',
      status: 'COMPLETED',
      update_time: expect.any(String),
      email_address: owner.user.email,
      by: 'provider',
      provider: 'mtn',
      attemptReference: 'attempt-MP-1001',
      recordedBy: null,
      paidWith: null,
    });
    expect(marked.paymentResult).toEqual({
      id: byAdmin,
      status: 'COMPLETED',
      update_time: expect.any(String),
      email_address: owner.user.email,
      by: 'admin',
      provider: null,
      attemptReference: null,
      recordedBy: admin.user.id,
      paidWith: null,
    });
  });

  it('pays once: a provider after an admin, or a second confirmation, changes nothing', async () => {
    const id = await placeOrder();
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/orders/${id}/pay`, headers: admin.auth, payload: {} }))
        .statusCode,
    ).toBe(200);
    const first = await asOwner(id);
    await providerConfirms(id, 'MP-2002');
    await providerConfirms(id, 'MP-2003');
    expect(await asOwner(id)).toEqual(first);
  });

  it('reads the shapes stored before: a provider’s, an admin’s and the demo orders’', async () => {
    const old = {
      provider: {
        id: 'MP-3',
        status: 'COMPLETED',
        update_time: '2026-11-20T10:00:00.000Z',
        email_address: 'a@example.com',
        provider: 'airtel',
        attemptReference: 'att-3',
      },
      admin: {
        id: 'DEP-4',
        status: 'verified',
        update_time: '2026-11-21T10:00:00.000Z',
        email_address: 'b@example.com',
        recordedBy: admin.user.id,
      },
      demo: {
        id: 'DEMO0000000005',
        status: 'COMPLETED',
        update_time: '2026-11-22T10:00:00.000Z',
        email_address: 'c@example.com',
      },
    };
    const read = async (stored: Record<string, unknown>) => {
      const id = await placeOrder();
      await t.app.db
        .update(orders)
        .set({ isPaid: true, paidAt: new Date(), paymentResult: stored })
        .where(eq(orders.id, id));
      return (await asOwner(id)).paymentResult;
    };
    expect(await read(old.provider)).toEqual({ ...old.provider, by: 'provider', recordedBy: null, paidWith: null });
    expect(await read(old.admin)).toEqual({
      ...old.admin,
      by: 'admin',
      provider: null,
      attemptReference: null,
      paidWith: null,
    });
    expect(await read(old.demo)).toEqual({
      ...old.demo,
      by: 'admin',
      provider: null,
      attemptReference: null,
      recordedBy: null,
      paidWith: null,
    });
  });
});
