import { describe, expect, it } from 'vitest';
import type { RunningSimulators } from '../../../../simulators/server';
import { createTestApp, createUser } from '../../test/test-app';
import { insertOrder, insertProduct } from '../orders/test/fixtures';
import { shopMonthOf } from '../../../shared/shop-time';
import {
  createFiscalShop,
  fiscalHelpers,
  fiscalSettings,
  type FiscalShop,
  useFiscalShop,
  type FiscalHelpers,
} from './test/fiscal-shop';

/**
 * Items and the month (decision 062): ZRA's classification list kept from the device, an admin's pick per
 * product (and for delivery) registered with the next sale, saveItem then updateItem when it changes, a
 * sale waiting for a classification until one is picked; the month's VAT from the receipts beside the
 * orders paid and refunds made, with the differences named. Bad input is a {message}.
 */
let simulator: RunningSimulators;
let shop: FiscalShop;
let h: FiscalHelpers;

useFiscalShop((made) => ({ simulator, shop, h } = made));

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  app = shop.t.app,
  auth = shop.admin.auth,
) => app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

const deviceItems = async () => (await h.stock()).devices[0].items;

describe('classifications', () => {
  it('reads the list from the VSDC and keeps it; finds by code prefix or by words', async () => {
    expect((await call('GET', '/api/fiscal/item-classes')).json()).toEqual({ classes: [], total: 0, fetchedAt: null });
    const refreshed = await call('POST', '/api/fiscal/item-classes/refresh');
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ total: 7 });
    const oil = (await call('GET', '/api/fiscal/item-classes?q=plant oils')).json();
    expect(oil.classes.map((c: { code: string }) => c.code)).toEqual(['50151500']);
    const prefix = (await call('GET', '/api/fiscal/item-classes?q=5313')).json();
    expect(prefix.classes.map((c: { code: string }) => c.code)).toEqual(['53131500', '53131600']);
    expect(prefix.fetchedAt).toBe(refreshed.json().fetchedAt);
  });

  it("an admin's pick is registered with the next sale (saveItem), a changed pick with the one after (updateItem)", async () => {
    await call('POST', '/api/fiscal/item-classes/refresh');
    const product = await insertProduct(shop.t, { price: 45 });
    expect((await call('PUT', `/api/fiscal/items/${product.id}/class/12345678`)).json()).toEqual({
      message: '12345678 is not a classification the VSDC lists (refresh the list if it is new)',
    });
    expect((await call('PUT', `/api/fiscal/items/${product.id}/class/99999999`)).statusCode).toBe(409);
    const picked = await call('PUT', `/api/fiscal/items/${product.id}/class/50151500`);
    expect(picked.json()).toEqual({
      _id: product.id,
      name: product.name,
      itemClsCd: '50151500',
      registeredClsCd: null,
    });
    expect((await call('PUT', '/api/fiscal/items/delivery/class/78102200')).statusCode).toBe(200);

    const sell = async () => {
      const placed = await shop.t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: shop.customer.auth,
        payload: {
          orderItems: [{ product: product.id, quantity: 1 }],
          shippingAddress: {
            address: '1 Cairo Road',
            city: 'Lusaka',
            province: 'Lusaka',
            zipCode: '10101',
            phoneNumber: '0971234567',
          },
          paymentMethod: 'airtel',
          totalAmount: 45 + 7.2 + 75,
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      await h.payByAdmin(placed.json()._id);
      await h.settled();
    };
    await sell();
    const itemCd = `P${product.id.replace(/-/g, '').slice(0, 19).toUpperCase()}`;
    expect((await deviceItems()).find((i) => i.itemCd === itemCd)).toMatchObject({
      itemClsCd: '50151500',
      versions: 1,
    });
    expect((await deviceItems()).find((i) => i.itemCd === 'DELIVERY')).toMatchObject({ itemClsCd: '78102200' });
    const listed = (await call('GET', '/api/fiscal/items')).json();
    expect(listed.items[0]).toMatchObject({ _id: 'delivery', itemClsCd: '78102200', registeredClsCd: '78102200' });
    expect(listed.items.find((i: { _id: string }) => i._id === product.id)).toMatchObject({
      itemClsCd: '50151500',
      registeredClsCd: '50151500',
    });

    await call('PUT', `/api/fiscal/items/${product.id}/class/53131600`);
    await sell();
    expect((await deviceItems()).find((i) => i.itemCd === itemCd)).toMatchObject({
      itemClsCd: '53131600',
      versions: 2,
    });
  });

  it('answers bad input with a {message}', async () => {
    for (const [method, url, payload, status] of [
      ['PUT', '/api/fiscal/items/delivery/class/oil', undefined, 400],
      ['PUT', '/api/fiscal/items/delivery/class/12345678901', undefined, 400],
      ['PUT', '/api/fiscal/items/not-a-product/class/50151500', undefined, 404],
      ['PUT', '/api/fiscal/items/00000000-0000-4000-8000-000000000000/class/50151500', undefined, 404],
      ['GET', `/api/fiscal/item-classes?q=${'x'.repeat(101)}`, undefined, 400],
      ['GET', '/api/fiscal/vat-report?month=2026-13', undefined, 400],
      ['GET', '/api/fiscal/vat-report', undefined, 400],
    ] as const) {
      const answer = await call(method, url, payload);
      expect(answer.statusCode, url).toBe(status);
      expect(Object.keys(answer.json()), url).toEqual(['message']);
    }
  });
});

describe('a product no admin classified, and no default', () => {
  it('its sale fails naming it; once a class is picked, a retry issues it', async () => {
    const strict = await createFiscalShop(simulator, {
      fiscal: fiscalSettings(simulator, { defaultItemClass: undefined }),
    });
    const s = fiscalHelpers(strict, simulator);
    try {
      const order = await s.place([{ price: 30, quantity: 1 }]);
      await s.payByAdmin(order._id);
      await s.settled();
      const [sale] = await s.rowsOf(order._id);
      expect(sale).toMatchObject({ status: 'failed', resultCd: null });
      expect(sale.lastError).toMatch(/^No ZRA classification for .+: pick one in the back office/);
      const productId = (
        await strict.t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: strict.admin.auth })
      ).json().orderItems[0].product;
      await call('PUT', `/api/fiscal/items/${productId}/class/53131500`, undefined, strict.t.app, strict.admin.auth);
      await call('PUT', '/api/fiscal/items/delivery/class/78102200', undefined, strict.t.app, strict.admin.auth);
      expect((await strict.t.app.fiscal!.retry(sale.id)).length).toBe(2);
      await s.settled();
      expect((await s.rowsOf(order._id)).map((r) => r.status)).toEqual(['done', 'done']);
    } finally {
      await strict.t.close();
    }
  });
});

describe("the month's VAT", () => {
  it('from the receipts beside the books: equal for reported orders, each difference named', async () => {
    const month = shopMonthOf(new Date());
    const before = (await call('GET', `/api/fiscal/vat-report?month=${month}`)).json();
    const order = await h.place([
      { price: 100, quantity: 2 },
      { price: 33.33, quantity: 3 },
    ]);
    await h.payByAdmin(order._id);
    await h.settled();
    await h.refundByHand(order._id, 5_000);
    await h.settled();
    // Paid with Smart Invoice off (an order written straight to the database, as before it was switched on).
    const unreported = await insertOrder(shop.t, { user: null, total: 58, isPaid: true, status: 'Processing' });
    const report = (await call('GET', `/api/fiscal/vat-report?month=${month}`)).json();
    const row = await h.orderRow(order._id);
    expect(report.sales.issued.count - before.sales.issued.count).toBe(1);
    expect(report.sales.issued.vatNgwee - before.sales.issued.vatNgwee).toBe(row.taxNgwee);
    expect(report.sales.issued.totalNgwee - before.sales.issued.totalNgwee).toBe(row.totalNgwee);
    expect(report.creditNotes.issued.totalNgwee - before.creditNotes.issued.totalNgwee).toBe(5_000);
    expect(report.netVatNgwee).toBe(report.sales.issued.vatNgwee - report.creditNotes.issued.vatNgwee);
    expect(report.books.paidOrders.count - before.books.paidOrders.count).toBe(2);
    expect(report.books.refunds.amountNgwee - before.books.refunds.amountNgwee).toBe(5_000);
    expect(report.differences).toContainEqual({
      kind: 'no-report',
      orderId: unreported.id,
      orderReference: unreported.id.slice(0, 8),
      detail: 'Paid this month with no sale reported (Smart Invoice off when it was paid?)',
    });
    expect(report.differences.filter((d: { orderId: string }) => d.orderId === order._id)).toEqual([]);
    const empty = (await call('GET', '/api/fiscal/vat-report?month=2001-02')).json();
    expect(empty).toMatchObject({ sales: { issued: { count: 0 } }, differences: [], moreDifferences: 0 });
  });

  it('with Smart Invoice off the items, classes and report answer 409 {message}', async () => {
    const plain = await createTestApp();
    try {
      const admin = await createUser(plain, { isAdmin: true });
      for (const [method, url, payload] of [
        ['GET', '/api/fiscal/items', undefined],
        ['PUT', '/api/fiscal/items/delivery/class/1', undefined],
        ['POST', '/api/fiscal/item-classes/refresh', undefined],
        ['GET', '/api/fiscal/vat-report?month=2026-11', undefined],
      ] as const) {
        const answer = await call(method, url, payload, plain.app, admin.auth);
        expect(answer.statusCode, url).toBe(409);
        expect(answer.json().message, url).toMatch(/^Smart Invoice is off/);
      }
    } finally {
      await plain.close();
    }
  });
});
