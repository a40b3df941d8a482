import { describe, expect, it } from 'vitest';
import { useFiscalShop, type FiscalHelpers, type FiscalShop } from '../fiscal/test/fiscal-shop';
import { lineCharges, unitsShare } from '../../../shared/return-share';

/** A return's refund with Smart Invoice on (decision 069): its credit note is the refund, against the sale. */
describe('a return with Smart Invoice on', () => {
  let shop: FiscalShop;
  let h: FiscalHelpers;
  useFiscalShop((made) => {
    shop = made.shop;
    h = made.h;
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
    shop.t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  it("refunds the returned line's share and signs a credit note of exactly it", async () => {
    const order = await h.place([
      { price: 45.5, quantity: 3 },
      { price: 120, quantity: 1 },
    ]);
    await h.payByAdmin(order._id);
    expect((await call('PUT', `/api/orders/${order._id}/deliver`, shop.admin.auth)).statusCode).toBe(200);
    await h.settled();
    const returnable = (await call('GET', `/api/orders/${order._id}/returnable`, shop.customer.auth)).json();
    const asked = await call('POST', `/api/orders/${order._id}/returns`, shop.customer.auth, {
      lines: [{ orderItemId: returnable.lines[0].orderItemId, qty: 2 }],
      reason: 'damaged',
      outcome: 'refund',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json();
    expect((await call('PUT', `/api/returns/${ret.id}/accept`, shop.admin.auth, {})).statusCode).toBe(200);
    const received = await call('PUT', `/api/returns/${ret.id}/receive`, shop.admin.auth, {
      lines: [{ lineId: ret.lines[0].id, restock: 2, writeOff: 0 }],
    });
    expect(received.statusCode, received.body).toBe(200);
    const row = await h.orderRow(order._id);
    const charges = lineCharges({
      lines: [
        { id: 'a', unitPriceNgwee: 4_550, quantity: 3 },
        { id: 'b', unitPriceNgwee: 12_000, quantity: 1 },
      ],
      discountNgwee: row.discountNgwee,
      taxNgwee: row.taxNgwee,
      shippingNgwee: row.shippingNgwee,
    });
    const share = unitsShare(charges[0], 3, 0, 2);
    expect(received.json()).toMatchObject({ state: 'refunded', refund: { state: 'successful', amountNgwee: share } });

    await h.settled();
    const { receipts } = await h.signed();
    const sale = receipts.find((r) => r.cisInvcNo === order._id && r.rcptTyCd === 'S')!;
    const notes = receipts.filter((r) => r.rcptTyCd === 'R' && r.orgInvcNo === sale.rcptNo);
    expect(notes.map((n) => n.totAmtNgwee)).toEqual([share]);
  }, 60_000);
});
