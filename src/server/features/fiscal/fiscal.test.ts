import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSimulators } from '../../../../simulators/server';
import { fiscalSubmissions } from '../../db/schema';
import { createTestApp, createUser } from '../../test/test-app';
import { fiscalHelpers, until, type FiscalShop, useFiscalShop, type FiscalHelpers } from './test/fiscal-shop';
import { toNgwee } from '../../../shared/money';

/**
 * Smart Invoice end to end: the shop on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * the simulator's VSDC over real HTTP. A paid order gets one receipt, its goods one stock report; a refund
 * one credit note; a device away, refusing or losing an answer never costs a receipt or makes two.
 */
let simulator: RunningSimulators;
let shop: FiscalShop;
let h: FiscalHelpers;

useFiscalShop((made) => ({ simulator, shop, h } = made));
afterEach(async () => {
  await h.behave({ down: false, failNext: 0, http500Next: 0, timeoutAfterSigningNext: 0, latencyMs: 0 });
  await h.settled();
});

describe('off by default', () => {
  it('with SMART_INVOICE unset a paid order and its refund report nothing, and no request reaches a VSDC', async () => {
    const plain = await createTestApp({ refundApproval: { kind: 'off' } });
    try {
      expect(plain.app.fiscal).toBeNull();
      const plainShop = {
        t: plain,
        admin: await createUser(plain, { isAdmin: true }),
        customer: await createUser(plain),
      };
      const p = fiscalHelpers(plainShop, simulator);
      const before = (await h.signed()).requests;
      const order = await p.place([{ price: 100, quantity: 1 }]);
      await p.payByAdmin(order._id);
      await p.refundByHand(order._id, 1_000);
      expect(await p.allRows()).toEqual([]);
      expect((await h.signed()).requests).toEqual(before);
    } finally {
      await plain.close();
    }
  });
});

describe('a paid order and its refunds', () => {
  it('a sale signed once under the order id, its totals the order to the ngwee, then the stock report of its goods', async () => {
    const order = await h.place([
      { price: 123.45, quantity: 3 },
      { price: 9.99, quantity: 1 },
    ]);
    await h.payByAdmin(order._id);
    await h.settled();
    const [sale, stock] = await h.rowsOf(order._id);
    expect(sale).toMatchObject({ kind: 'sale', status: 'done', invoiceNo: order._id, sends: 1, resultCd: '000' });
    expect(sale.rcptSign).toMatch(/^[A-Z0-9]{16}$/);
    expect(sale.intrlData).toMatch(/^[A-Z0-9]{26}$/);
    expect(sale.qrCodeUrl).toContain(sale.rcptSign);
    expect(stock).toMatchObject({ kind: 'stock', status: 'done', parentId: sale.id });
    const row = await h.orderRow(order._id);
    const signed = (await h.signed()).receipts.filter((r) => r.cisInvcNo === order._id);
    expect(signed).toEqual([
      expect.objectContaining({
        rcptTyCd: 'S',
        rcptNo: sale.rcptNo,
        totAmtNgwee: row.totalNgwee,
        taxAmtANgwee: row.taxNgwee,
        requests: 1,
      }),
    ]);
    const report = (await h.stock()).devices[0].reports.at(-1)!;
    expect(report.items.map((i) => i.qty)).toEqual([3, 1]);
    expect(report.repeats).toBe(0);
  });

  it('each refund a credit note against the sale for what it gave back; all of them give back the order and its VAT', async () => {
    const order = await h.place([{ price: 250, quantity: 2 }]);
    await h.payByAdmin(order._id);
    await h.settled();
    const total = toNgwee(order.totalPrice);
    const first = await h.refundByHand(order._id, 12_345);
    const second = await h.refundByHand(order._id, total - 12_345);
    await h.settled();
    const rows = await h.rowsOf(order._id);
    const notes = rows.filter((r) => r.kind === 'credit-note');
    expect(notes.map((n) => [n.refundId, n.status])).toEqual([
      [first._id, 'done'],
      [second._id, 'done'],
    ]);
    const sale = rows.find((r) => r.kind === 'sale')!;
    const signed = (await h.signed()).receipts;
    const credited = signed.filter((r) => r.rcptTyCd === 'R' && r.orgInvcNo === sale.rcptNo);
    expect(credited.map((r) => r.totAmtNgwee)).toEqual([12_345, total - 12_345]);
    expect(credited.reduce((sum, r) => sum + r.taxAmtANgwee, 0)).toBe(toNgwee(order.taxPrice));
    expect(credited.every((r) => r.requests === 1)).toBe(true);
  });
});

describe('the device away, refusing, or losing an answer', () => {
  it('switched off: orders are paid at once, reports queue; switched on: they go in the order they were made', async () => {
    await h.behave({ down: true });
    const placed: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const order = await h.place([{ price: 10 + i, quantity: 1 }]);
      const started = Date.now();
      await h.payByAdmin(order._id);
      expect(Date.now() - started).toBeLessThan(2_000);
      placed.push(order._id);
    }
    await until(
      'a try that found the device away',
      () => h.rowsOf(placed[0]),
      (rows) => rows[0]?.lastError?.includes('could not be reached') === true,
    );
    expect((await h.rowsOf(placed[2]))[0]).toMatchObject({ status: 'pending', sends: 0 });
    await h.behave({ down: false });
    await h.settled();
    const signed = (await h.signed()).receipts.filter((r) => placed.includes(r.cisInvcNo));
    expect(signed.map((r) => r.cisInvcNo)).toEqual(placed);
    expect(signed.map((r) => r.rcptNo)).toEqual([...signed.map((r) => r.rcptNo)].sort((a, b) => a - b));
    expect(signed.every((r) => r.requests === 1)).toBe(true);
  });

  it("a refusal inside an HTTP 200 fails the report with the device's words, the line goes on, a retry sends it and its stock report", async () => {
    await h.behave({ failNext: 1, failCode: '999', failMessage: 'Invalid item classification' });
    const refused = await h.place([{ price: 55, quantity: 1 }]);
    await h.payByAdmin(refused._id);
    const next = await h.place([{ price: 66, quantity: 1 }]);
    await h.payByAdmin(next._id);
    await h.settled();
    const [sale, stock] = await h.rowsOf(refused._id);
    // The first request of the line is the device's installation or an item: whichever met the refusal, the sale failed with its words.
    expect(sale).toMatchObject({ status: 'failed' });
    expect(sale.lastError).toContain('Invalid item classification');
    expect(stock).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/^Held/) });
    expect((await h.rowsOf(next._id)).map((r) => r.status)).toEqual(['done', 'done']);

    expect((await shop.t.app.fiscal!.retry(sale.id)).map((r) => r.kind).sort()).toEqual(['sale', 'stock']);
    await h.settled();
    expect((await h.rowsOf(refused._id)).map((r) => r.status)).toEqual(['done', 'done']);
    expect((await h.signed()).receipts.filter((r) => r.cisInvcNo === refused._id)).toHaveLength(1);
  });

  it('an answer lost after signing: the sale is read back (selectInvoice), never signed twice', async () => {
    await h.behave({ timeoutAfterSigningNext: 1, hangMs: 4_000 });
    const order = await h.place([{ price: 77, quantity: 2 }]);
    await h.payByAdmin(order._id);
    await h.settled();
    const [sale] = await h.rowsOf(order._id);
    expect(sale).toMatchObject({ status: 'done', sends: 2 });
    const signed = (await h.signed()).receipts.filter((r) => r.cisInvcNo === order._id);
    expect(signed).toEqual([expect.objectContaining({ requests: 1, rcptNo: sale.rcptNo, rcptSign: sale.rcptSign })]);
  });

  it('a 994 (the number already signed, as after a restore from before the send) is settled by reading the stored receipt', async () => {
    await h.behave({ timeoutAfterSigningNext: 1, hangMs: 4_000 });
    // The shop waits long enough for the test to forget the send, as a restored backup would have.
    shop.t.app.config.fiscalTiming!.retryMs = 1_500;
    try {
      const order = await h.place([{ price: 88, quantity: 1 }]);
      await h.payByAdmin(order._id);
      const [lost] = await until(
        'the send whose answer was lost',
        () => h.rowsOf(order._id),
        (rows) => rows[0]?.status === 'pending' && rows[0].sends === 1,
      );
      await shop.t.app.db.update(fiscalSubmissions).set({ sends: 0 }).where(eq(fiscalSubmissions.id, lost.id));
      await h.settled();
      const [sale] = await h.rowsOf(order._id);
      expect(sale).toMatchObject({ status: 'done', sends: 1 });
      const signed = (await h.signed()).receipts.filter((r) => r.cisInvcNo === order._id);
      expect(signed).toEqual([expect.objectContaining({ requests: 2, rcptNo: sale.rcptNo })]);
    } finally {
      shop.t.app.config.fiscalTiming!.retryMs = 100;
    }
  });
});
