import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct, orderBody, stockOf } from './test/fixtures';

describe('paying, delivering and changing the status of orders', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let stranger: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    owner = await createUser(t);
    stranger = await createUser(t);
  });
  afterAll(() => t.close());

  async function placeOrder(lines: { price: number; quantity: number; countInStock?: number }[]) {
    const made: Awaited<ReturnType<typeof insertProduct>>[] = [];
    for (const line of lines)
      made.push(await insertProduct(t, { price: line.price, countInStock: line.countInStock ?? 10 }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: owner.auth,
      payload: orderBody(lines.map((l, i) => ({ product: made[i].id, quantity: l.quantity, price: l.price }))),
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json()._id as string, products: made };
  }
  const put = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'PUT', url, headers, payload });
  const setStatus = (id: string, status: string) => put(`/api/orders/${id}/status`, admin.auth, { status });

  describe('PUT /api/orders/:id/pay', () => {
    it('lets the owner attach a payment reference but not make the order paid', async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      const res = await put(`/api/orders/${id}/pay`, owner.auth, {
        paymentReference: ' MP240611.1234.A56789 ',
        status: 'COMPLETED',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        isPaid: false,
        paidAt: null,
        paymentResult: null,
        paymentReference: 'MP240611.1234.A56789',
      });
    });

    it('answers 400 to the owner without a reference', async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      for (const payload of [{}, { paymentReference: '   ' }, { id: 'x', status: 'COMPLETED' }]) {
        const res = await put(`/api/orders/${id}/pay`, owner.auth, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/paymentReference is required/);
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: owner.auth })).json().isPaid).toBe(
        false,
      );
    });

    it('answers 404 to anyone else, and 401 without a token', async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      const res = await put(`/api/orders/${id}/pay`, stranger.auth, { paymentReference: 'REF1' });
      expect(res.statusCode).toBe(404);
      expect((await put(`/api/orders/${randomUUID()}/pay`, admin.auth, {})).statusCode).toBe(404);
      expect((await put(`/api/orders/nope/pay`, admin.auth, {})).statusCode).toBe(404);
      expect((await put(`/api/orders/${id}/pay`, {}, {})).statusCode).toBe(401);
    });

    it('lets an admin mark the order paid with the payment result', async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      await put(`/api/orders/${id}/pay`, owner.auth, { paymentReference: 'AIRTEL-998877' });
      const res = await put(`/api/orders/${id}/pay`, admin.auth, {
        status: 'verified',
        email_address: 'payer@example.com',
      });
      expect(res.statusCode).toBe(200);
      const order = res.json();
      expect(order).toMatchObject({ isPaid: true, paymentReference: 'AIRTEL-998877', status: 'Pending' });
      expect(new Date(order.paidAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(order.paymentResult).toEqual({
        id: 'AIRTEL-998877',
        status: 'verified',
        update_time: expect.any(String),
        email_address: 'payer@example.com',
        by: 'admin',
        provider: null,
        attemptReference: null,
        recordedBy: admin.user.id,
        // Only a payment taken on collection says how (cash or mobile money to the keeper).
        paidWith: null,
      });
      const ownerTries = await put(`/api/orders/${id}/pay`, owner.auth, { paymentReference: 'OTHER' });
      expect(ownerTries.statusCode).toBe(409);
    });

    it("records who marked the order paid by hand, when and why, for admins' eyes only", async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      const before = Date.now();
      const res = await put(`/api/orders/${id}/pay`, admin.auth, {
        note: '  Paid in cash at the Mwandi market stall  ',
      });
      expect(res.statusCode).toBe(200);
      const marked = res.json().markedPaid;
      expect(marked).toEqual({
        by: { _id: admin.user.id, name: admin.user.name },
        at: expect.any(String),
        note: 'Paid in cash at the Mwandi market stall',
      });
      expect(new Date(marked.at).getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(marked.at).toBe(res.json().paidAt);

      const asAdmin = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: admin.auth });
      expect(asAdmin.json().markedPaid).toEqual(marked);
      const listed = await t.app.inject({ method: 'GET', url: `/api/orders?keyword=${id}`, headers: admin.auth });
      expect(listed.json().orders[0].markedPaid).toEqual(marked);
      // The reason is the co-op's bookkeeping: the customer's own view of the order does not carry it.
      const asOwner = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: owner.auth });
      expect(asOwner.json()).toMatchObject({ isPaid: true });
      expect(asOwner.json()).not.toHaveProperty('markedPaid');
      expect(asOwner.body).not.toContain('Mwandi');
      const mine = await t.app.inject({ method: 'GET', url: '/api/orders/myorders', headers: owner.auth });
      expect(mine.body).not.toContain('Mwandi');
    });

    it('keeps working without a note, and bounds the note', async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      const tooLong = await put(`/api/orders/${id}/pay`, admin.auth, { note: 'x'.repeat(501) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toMatch(/note is too long \(at most 500 characters\)/);
      expect((await put(`/api/orders/${id}/pay`, admin.auth, { note: 7 })).statusCode).toBe(400);
      const blank = await put(`/api/orders/${id}/pay`, admin.auth, { note: '   ' });
      expect(blank.statusCode).toBe(200);
      expect(blank.json().markedPaid).toMatchObject({ by: { _id: admin.user.id }, note: null });
      const { id: other } = await placeOrder([{ price: 40, quantity: 1 }]);
      const noBody = await t.app.inject({ method: 'PUT', url: `/api/orders/${other}/pay`, headers: admin.auth });
      expect(noBody.statusCode).toBe(200);
      expect(noBody.json()).toMatchObject({ isPaid: true, markedPaid: { note: null } });
    });

    it('keeps how a paid order was paid: a second mark changes nothing, a second reason is refused', async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      const first = await put(`/api/orders/${id}/pay`, admin.auth, {
        note: 'Bank deposit slip 4471 checked',
        paymentReference: 'DEP-4471',
      });
      expect(first.statusCode).toBe(200);
      const other = await createUser(t, { isAdmin: true, name: 'Second Admin' });
      const again = await put(`/api/orders/${id}/pay`, other.auth, { paymentReference: 'OTHER', status: 'changed' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const withReason = await put(`/api/orders/${id}/pay`, other.auth, { note: 'Cash' });
      expect(withReason.statusCode).toBe(409);
      expect(withReason.json()).toEqual({ message: 'This order has already been paid' });
      const stored = (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: admin.auth })).json();
      expect(stored).toMatchObject({
        paymentReference: 'DEP-4471',
        markedPaid: { by: { _id: admin.user.id }, note: 'Bank deposit slip 4471 checked' },
      });
      expect(stored.paymentResult).toMatchObject({ id: 'DEP-4471', status: 'COMPLETED', recordedBy: admin.user.id });
    });

    it("keeps the admin's name on the mark after that account is deleted", async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      const leaving = await createUser(t, { isAdmin: true, name: 'Leaving Admin' });
      expect((await put(`/api/orders/${id}/pay`, leaving.auth, { note: 'Cash' })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/users/${leaving.user.id}`, headers: admin.auth }))
          .statusCode,
      ).toBe(200);
      const stored = (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: admin.auth })).json();
      expect(stored.markedPaid).toMatchObject({ by: { _id: null, name: 'Leaving Admin' }, note: 'Cash' });
    });

    it('answers 409 for a cancelled order', async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      expect((await setStatus(id, 'Cancelled')).statusCode).toBe(200);
      for (const who of [admin, owner]) {
        const res = await put(`/api/orders/${id}/pay`, who.auth, { paymentReference: 'REF' });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('A cancelled order cannot be paid');
      }
    });
  });

  describe('PUT /api/orders/:id/deliver', () => {
    it('marks the order delivered and its status Delivered', async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      const res = await put(`/api/orders/${id}/deliver`, admin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ isDelivered: true, status: 'Delivered' });
      expect(res.json().deliveredAt).toEqual(expect.any(String));
      expect((await put(`/api/orders/${randomUUID()}/deliver`, admin.auth)).statusCode).toBe(404);
    });

    it('takes the stock again when delivering a cancelled order', async () => {
      const {
        id,
        products: [p],
      } = await placeOrder([{ price: 40, quantity: 3, countInStock: 5 }]);
      await setStatus(id, 'Cancelled');
      expect(await stockOf(t, p.id)).toBe(5);
      expect((await put(`/api/orders/${id}/deliver`, admin.auth)).statusCode).toBe(200);
      expect(await stockOf(t, p.id)).toBe(2);
    });
  });

  describe('PUT /api/orders/:id/status', () => {
    it('sets any of the five statuses', async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      for (const status of ['Processing', 'Shipped', 'Delivered', 'Pending']) {
        const res = await setStatus(id, status);
        expect(res.statusCode).toBe(200);
        expect(res.json().status).toBe(status);
        expect(res.json().isDelivered).toBe(status === 'Delivered');
      }
    });

    it('answers 400 for a status outside the five', async () => {
      const { id } = await placeOrder([{ price: 40, quantity: 1 }]);
      for (const payload of [{ status: 'Completed' }, { status: 'pending' }, {}]) {
        const res = await setStatus(id, (payload as { status?: string }).status as string);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/status/);
      }
      expect((await setStatus(randomUUID(), 'Shipped')).statusCode).toBe(404);
    });

    it('returns stock once on cancelling, and takes it again on reopening', async () => {
      const {
        id,
        products: [a, b],
      } = await placeOrder([
        { price: 10, quantity: 2, countInStock: 6 },
        { price: 20, quantity: 1, countInStock: 3 },
      ]);
      expect([await stockOf(t, a.id), await stockOf(t, b.id)]).toEqual([4, 2]);
      const version = t.app.catalogCache.version;
      expect((await setStatus(id, 'Cancelled')).json().status).toBe('Cancelled');
      expect([await stockOf(t, a.id), await stockOf(t, b.id)]).toEqual([6, 3]);
      expect(t.app.catalogCache.version).not.toBe(version);
      await setStatus(id, 'Cancelled');
      expect([await stockOf(t, a.id), await stockOf(t, b.id)]).toEqual([6, 3]);
      expect((await setStatus(id, 'Processing')).json().status).toBe('Processing');
      expect([await stockOf(t, a.id), await stockOf(t, b.id)]).toEqual([4, 2]);
      await setStatus(id, 'Shipped');
      expect([await stockOf(t, a.id), await stockOf(t, b.id)]).toEqual([4, 2]);
    });

    it('returns stock once when two admins cancel at the same moment', async () => {
      const {
        id,
        products: [p],
      } = await placeOrder([{ price: 10, quantity: 4, countInStock: 10 }]);
      const answers = await Promise.all(Array.from({ length: 5 }, () => setStatus(id, 'Cancelled')));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await stockOf(t, p.id)).toBe(10);
    });

    it('answers 409 naming the product when its stock is gone, and changes nothing', async () => {
      const {
        id,
        products: [a, b],
      } = await placeOrder([
        { price: 10, quantity: 1, countInStock: 5 },
        { price: 20, quantity: 3, countInStock: 3 },
      ]);
      await setStatus(id, 'Cancelled');
      await t.app.db.update(products).set({ countInStock: 1, name: 'Gift set Sunrise' }).where(eq(products.id, b.id));
      const res = await setStatus(id, 'Pending');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'Not enough stock for Gift set Sunrise: only 1 left',
        product: b.id,
        name: 'Gift set Sunrise',
        countInStock: 1,
      });
      expect([await stockOf(t, a.id), await stockOf(t, b.id)]).toEqual([5, 1]);
      expect((await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: admin.auth })).json().status).toBe(
        'Cancelled',
      );
    });

    it('skips lines whose product was deleted', async () => {
      const {
        id,
        products: [gone, kept],
      } = await placeOrder([
        { price: 10, quantity: 1 },
        { price: 10, quantity: 2, countInStock: 8 },
      ]);
      await t.app.db.delete(products).where(eq(products.id, gone.id));
      const cancelled = await setStatus(id, 'Cancelled');
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().orderItems.map((i: { product: string | null }) => i.product)).toEqual([null, kept.id]);
      expect(await stockOf(t, kept.id)).toBe(8);
      expect((await setStatus(id, 'Pending')).statusCode).toBe(200);
      expect(await stockOf(t, kept.id)).toBe(6);
    });
  });
});
