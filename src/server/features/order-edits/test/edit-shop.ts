import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../../config';
import { mailMessages, orderEdits, orders, refunds, smsMessages } from '../../../db/schema';
import { createTestApp, createUser, type TestApp, injectAs } from '../../../test/test-app';
import { insertCustomers, placeOrderAs, type CartLine } from '../../orders/test/fixtures';

/** A shop with two admins and a customer, for the order edit tests over HTTP. */
export interface EditShop {
  t: TestApp;
  admin: Awaited<ReturnType<typeof createUser>>;
  checker: Awaited<ReturnType<typeof createUser>>;
  customer: Awaited<ReturnType<typeof createUser>>;
}

export function useEditShop(overrides: Partial<AppConfig> = {}): EditShop {
  const shop = {} as EditShop;
  beforeAll(async () => {
    shop.t = await createTestApp(overrides);
    shop.admin = await createUser(shop.t, { isAdmin: true, name: 'Mutale Admin' });
    shop.checker = await createUser(shop.t, { isAdmin: true, name: 'Chanda Checker' });
    shop.customer = await createUser(shop.t, { name: 'Natasha Customer' });
  }, 60_000);
  afterAll(() => shop.t?.close());
  return shop;
}

export interface EditLine {
  productId: string;
  variantId?: string;
  qty: number;
}

export function editHelpers(shop: EditShop) {
  const inject = injectAs(() => shop.t);
  const body = (lines: EditLine[], extra: Record<string, unknown> = {}) => ({
    lines,
    note: 'Asked by phone',
    ...extra,
  });
  return {
    inject,
    body,
    preview: (orderId: string, lines: EditLine[], extra?: Record<string, unknown>, who = shop.admin) =>
      inject('POST', `/api/orders/${orderId}/edit/preview`, who, body(lines, extra)),
    edit: (orderId: string, lines: EditLine[], extra?: Record<string, unknown>, who = shop.admin) =>
      inject('POST', `/api/orders/${orderId}/edit`, who, body(lines, extra)),
    /** An order placed by a new customer over the API (stock taken as checkout takes it). */
    async place(lines: CartLine[]) {
      const [buyer] = await insertCustomers(shop.t, 1, 'Editee');
      return placeOrderAs(shop.t, buyer.auth, lines);
    },
    async placeAsCustomer(lines: CartLine[]) {
      return placeOrderAs(shop.t, shop.customer.auth, lines);
    },
    /** Marked paid by an admin, by hand (cash, a send checked by hand). */
    async payByHand(orderId: string) {
      const paid = await inject('PUT', `/api/orders/${orderId}/pay`, shop.admin, { note: 'Cash at the shop' });
      if (paid.statusCode !== 200) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
      return paid.json();
    },
    async row(orderId: string) {
      return (await shop.t.app.db.select().from(orders).where(eq(orders.id, orderId)))[0];
    },
    refundsOf: (orderId: string) => shop.t.app.db.select().from(refunds).where(eq(refunds.orderId, orderId)),
    editsOf: (orderId: string) => shop.t.app.db.select().from(orderEdits).where(eq(orderEdits.orderId, orderId)),
    textsOf: (orderId: string, kind: string) =>
      shop.t.app.db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.orderId, orderId), eq(smsMessages.kind, kind))),
    mailsOf: (kind: string) => shop.t.app.db.select().from(mailMessages).where(eq(mailMessages.kind, kind)),
  };
}
