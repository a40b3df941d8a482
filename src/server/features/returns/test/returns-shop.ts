import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../../config';
import { mailMessages, orders, products, smsMessages } from '../../../db/schema';
import { createTestApp, createUser, type TestApp, injectAs } from '../../../test/test-app';
import { insertProduct, orderBody, stockOf } from '../../orders/test/fixtures';
import { makeCode, orderBodyWithCode } from '../../discounts/test/fixtures';

/** A shop with two admins and two customers, for returns over HTTP (decision 069). */
export interface ReturnsShop {
  t: TestApp;
  admin: Awaited<ReturnType<typeof createUser>>;
  checker: Awaited<ReturnType<typeof createUser>>;
  customer: Awaited<ReturnType<typeof createUser>>;
  stranger: Awaited<ReturnType<typeof createUser>>;
}

export function useReturnsShop(overrides: Partial<AppConfig> = {}): ReturnsShop {
  const shop = {} as ReturnsShop;
  beforeAll(async () => {
    shop.t = await createTestApp(overrides);
    shop.admin = await createUser(shop.t, { isAdmin: true, name: 'Mutale Admin' });
    shop.checker = await createUser(shop.t, { isAdmin: true, name: 'Chanda Checker' });
    shop.customer = await createUser(shop.t, { name: 'Natasha Customer' });
    shop.stranger = await createUser(shop.t, { name: 'Someone Else' });
  }, 60_000);
  afterAll(() => shop.t?.close());
  return shop;
}

type Who = { auth: Record<string, string> } | null;

export function returnsHelpers(shop: ReturnsShop) {
  const inject = injectAs(() => shop.t);
  const ok = async (answer: ReturnType<typeof inject>, status = 200) => {
    const got = await answer;
    if (got.statusCode !== status) throw new Error(`expected ${status}, got ${got.statusCode}: ${got.body}`);
    return got.json();
  };

  return {
    inject,
    ok,
    product: (price: number, opts: { countInStock?: number; category?: string; name?: string } = {}) =>
      insertProduct(shop.t, { price, countInStock: opts.countInStock ?? 50, name: opts.name }).then(async (p) => {
        if (!opts.category) return p;
        await shop.t.app.db.update(products).set({ category: opts.category }).where(eq(products.id, p.id));
        return { ...p, category: opts.category };
      }),
    stock: (productId: string) => stockOf(shop.t, productId),
    /**
     * An order placed over the API by the customer (with a percent code when given), marked paid by an
     * admin and delivered: what a shopper can return.
     */
    async delivered(
      lines: { product: { id: string; priceNgwee: number; category: string }; quantity: number }[],
      percentOff?: number,
    ) {
      let body;
      if (percentOff) {
        const { code } = await makeCode(shop.t, shop.admin.auth, { kind: 'percent', value: percentOff });
        body = orderBodyWithCode(lines, code, { kind: 'percent', value: percentOff });
      } else {
        body = orderBody(
          lines.map((l) => ({ product: l.product.id, quantity: l.quantity, price: l.product.priceNgwee / 100 })),
        );
      }
      const placed = await ok(inject('POST', '/api/orders', shop.customer, body), 201);
      await ok(inject('PUT', `/api/orders/${placed._id}/pay`, shop.admin, { note: 'Paid at the office' }));
      await ok(inject('PUT', `/api/orders/${placed._id}/deliver`, shop.admin));
      const [row] = await shop.t.app.db.select().from(orders).where(eq(orders.id, placed._id));
      return { id: placed._id as string, row, items: placed.orderItems as { _id: string; name: string }[] };
    },
    returnable: (orderId: string, who: Who = shop.customer) => inject('GET', `/api/orders/${orderId}/returnable`, who),
    ask: (orderId: string, body: Record<string, unknown>, who: Who = shop.customer) =>
      inject('POST', `/api/orders/${orderId}/returns`, who, { reason: 'changed-mind', outcome: 'refund', ...body }),
    accept: (id: string, who: Who = shop.admin) => inject('PUT', `/api/returns/${id}/accept`, who, {}),
    refuse: (id: string, reason: string, who: Who = shop.admin) =>
      inject('PUT', `/api/returns/${id}/refuse`, who, { reason }),
    receive: (id: string, lines: { lineId: string; restock: number; writeOff: number }[], who: Who = shop.admin) =>
      inject('PUT', `/api/returns/${id}/receive`, who, { lines }),
    /** Received with every unit back on the shelf. */
    receiveAll: (ret: { id: string; lines: { id: string; qty: number }[] }, who: Who = shop.admin) =>
      inject('PUT', `/api/returns/${ret.id}/receive`, who, {
        lines: ret.lines.map((l) => ({ lineId: l.id, restock: l.qty, writeOff: 0 })),
      }),
    refundsView: (orderId: string) => ok(inject('GET', `/api/orders/${orderId}/refunds`, shop.admin)),
    async textsOf(orderId: string, kind: string) {
      return shop.t.app.db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.orderId, orderId), eq(smsMessages.kind, kind)));
    },
    async mailsOf(kind: string, subjectPart: string) {
      return shop.t.app.db
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.kind, kind), like(mailMessages.subject, `%${subjectPart}%`)));
    },
  };
}
