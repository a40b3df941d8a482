import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RunningSimulators } from '../../../../simulators/server';
import { mailMessages } from '../../db/schema';
import { createTestApp, createUser } from '../../test/test-app';
import { orderLinkUrl } from '../orders';
import { until, type FiscalShop, useFiscalShop, type FiscalHelpers } from './test/fiscal-shop';

/**
 * The receipt where the shopper and the co-op read it (decision 062): the order's fiscalReceipt for its
 * owner, an admin and the signed link, pending then issued; its QR code drawn by the server; the e-mails;
 * the back office's list of reports not done, with the device's words, and its retry. Every bad input is
 * a {message}, never a 5xx.
 */
let simulator: RunningSimulators;
let shop: FiscalShop;
let h: FiscalHelpers;

useFiscalShop((made) => ({ simulator, shop, h } = made));

const get = (url: string, auth?: Record<string, string>) =>
  shop.t.app.inject({ method: 'GET', url, headers: auth ?? {} });

describe("an order's fiscalReceipt", () => {
  it('not required before payment; pending while the device is away; issued with every field after, for the owner, an admin and the signed link', async () => {
    const order = await h.place([{ price: 99.5, quantity: 2 }]);
    const empty = {
      receiptNo: null,
      totalReceiptNo: null,
      sdcId: null,
      internalData: null,
      signature: null,
      issuedAt: null,
      qrCodeUrl: null,
    };
    expect((await get(`/api/orders/${order._id}`, shop.customer.auth)).json().fiscalReceipt).toEqual({
      status: 'not-required',
      ...empty,
    });
    await h.behave({ down: true });
    await h.payByAdmin(order._id);
    expect((await get(`/api/orders/${order._id}`, shop.customer.auth)).json().fiscalReceipt).toEqual({
      status: 'pending',
      ...empty,
    });
    const mail = await until(
      'the payment e-mail',
      () => shop.t.app.db.select().from(mailMessages).where(eq(mailMessages.kind, 'order-paid')),
      (rows) => rows.some((m) => m.textBody.includes(order._id.slice(0, 8))),
    );
    expect(mail.find((m) => m.textBody.includes(order._id.slice(0, 8)))!.textBody).toContain(
      'Fiscal receipt pending. ',
    );
    await h.behave({ down: false });
    await h.settled();
    const [sale] = await h.rowsOf(order._id);
    const issued = {
      status: 'issued',
      receiptNo: sale.rcptNo,
      totalReceiptNo: sale.totRcptNo,
      sdcId: sale.sdcId,
      internalData: sale.intrlData,
      signature: sale.rcptSign,
      issuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/),
      qrCodeUrl: sale.qrCodeUrl,
    };
    expect((await get(`/api/orders/${order._id}`, shop.customer.auth)).json().fiscalReceipt).toEqual(issued);
    expect((await get(`/api/orders/${order._id}`, shop.admin.auth)).json().fiscalReceipt).toEqual(issued);
    const mine = (await get('/api/orders/myorders', shop.customer.auth)).json();
    const listed = (Array.isArray(mine) ? mine : mine.orders) as { _id: string; fiscalReceipt: unknown }[];
    expect(listed.find((o) => o._id === order._id)!.fiscalReceipt).toEqual(issued);
    const token = orderLinkUrl(shop.t.config.publicUrl, order._id, shop.t.config.jwtSecret).split('/o/')[1];
    expect((await get(`/api/order-links/${token}`)).json().fiscalReceipt).toEqual(issued);

    // The shipped e-mail, written once the receipt is there, carries its lines and its QR code's address.
    const shipped = await shop.t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/status`,
      headers: shop.admin.auth,
      payload: { status: 'Shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [shippedMail] = await shop.t.app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, 'order-shipped')));
    expect(shippedMail.textBody).toContain(sale.rcptSign!.slice(0, 4) + ' ' + sale.rcptSign!.slice(4, 8));
    expect(shippedMail.textBody).toContain(`/api/fiscal-receipts/${sale.rcptSign}/qr.svg`);
  });

  it("draws the receipt's QR code as SVG by its signature, kept for good; 404 {message} for any other", async () => {
    const order = await h.place([{ price: 12, quantity: 1 }]);
    await h.payByAdmin(order._id);
    await h.settled();
    const [sale] = await h.rowsOf(order._id);
    const qr = await get(`/api/fiscal-receipts/${sale.rcptSign}/qr.svg`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(qr.headers['cache-control']).toContain('immutable');
    expect(qr.body).toMatch(/^<svg[^>]*viewBox/);
    for (const bad of ['AAAABBBBCCCCDDDD', 'x'.repeat(65), '%00', 'a-b']) {
      const missing = await get(`/api/fiscal-receipts/${encodeURIComponent(bad)}/qr.svg`);
      expect(missing.statusCode, bad).toBe(404);
      expect(missing.json()).toEqual({ message: 'No receipt with this signature' });
    }
  });
});

describe('the back office: reports not done, the device, a retry', () => {
  it("lists a refused report with the device's words and counts; a retry sends it; bad input is a {message}", async () => {
    await h.behave({ failNext: 1, failCode: '910', failMessage: 'Item classification code is not valid' });
    const order = await h.place([{ price: 31, quantity: 1 }]);
    await h.payByAdmin(order._id);
    await h.settled();
    const open = await get('/api/fiscal/submissions', shop.admin.auth);
    expect(open.statusCode, open.body).toBe(200);
    const list = open.json();
    expect(list).toMatchObject({
      enabled: true,
      device: { tpin: shop.t.config.fiscal!.tpin, branchId: '000', sdcId: expect.stringMatching(/^SDC0/) },
      counts: { failed: 2, pending: 0 },
      page: 1,
      pages: 1,
    });
    const failedSale = list.submissions.find((s: { kind: string }) => s.kind === 'sale');
    expect(failedSale).toMatchObject({
      orderId: order._id,
      orderReference: order._id.slice(0, 8),
      status: 'failed',
      resultCd: '910',
      lastError: expect.stringContaining('Item classification code is not valid'),
      totalNgwee: Math.round(order.totalPrice * 100),
    });
    expect((await get('/api/fiscal/submissions?status=failed', shop.admin.auth)).json().submissions).toHaveLength(2);

    const retried = await shop.t.app.inject({
      method: 'POST',
      url: `/api/fiscal/submissions/${failedSale._id}/retry`,
      headers: shop.admin.auth,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(
      retried
        .json()
        .retried.map((s: { kind: string }) => s.kind)
        .sort(),
    ).toEqual(['sale', 'stock']);
    await h.settled();
    expect((await get('/api/fiscal/submissions', shop.admin.auth)).json()).toMatchObject({
      counts: { failed: 0 },
      submissions: [],
    });
    const again = await shop.t.app.inject({
      method: 'POST',
      url: `/api/fiscal/submissions/${failedSale._id}/retry`,
      headers: shop.admin.auth,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This report is done: only a failed one is sent again');

    for (const url of [
      '/api/fiscal/submissions?status=lost',
      '/api/fiscal/submissions?page=0',
      '/api/fiscal/submissions?page=x',
    ]) {
      const bad = await get(url, shop.admin.auth);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json()).toEqual({ message: expect.any(String) });
    }
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const unknown = await shop.t.app.inject({
        method: 'POST',
        url: `/api/fiscal/submissions/${id}/retry`,
        headers: shop.admin.auth,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Report not found' });
    }
    expect((await get('/api/fiscal/submissions')).statusCode).toBe(401);
    expect((await get('/api/fiscal/submissions', shop.customer.auth)).statusCode).toBe(403);
  });

  it('with SMART_INVOICE off: every order not required, the list empty and disabled, a retry 409', async () => {
    const plain = await createTestApp();
    try {
      const admin = await createUser(plain, { isAdmin: true });
      const list = await plain.app.inject({ method: 'GET', url: '/api/fiscal/submissions', headers: admin.auth });
      expect(list.json()).toEqual({
        enabled: false,
        device: null,
        counts: { pending: 0, failed: 0, done: 0 },
        submissions: [],
        page: 1,
        pages: 1,
      });
      const retry = await plain.app.inject({
        method: 'POST',
        url: '/api/fiscal/submissions/00000000-0000-4000-8000-000000000000/retry',
        headers: admin.auth,
      });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().message).toMatch(/^Smart Invoice is off/);
    } finally {
      await plain.close();
    }
  });
});
