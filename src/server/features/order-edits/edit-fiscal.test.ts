import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSimulators } from '../../../../simulators/server';
import { fiscalTotals, type FiscalLine } from '../../../shared/fiscal-invoice';
import { fiscalHelpers, useFiscalShop, type FiscalHelpers, type FiscalShop } from '../fiscal/test/fiscal-shop';

/**
 * Smart Invoice and order edits (docs/decisions/070-order-edits.md), against the simulator's VSDC: a paid order
 * lowered gets a credit note of the difference (its refund's, decision 062), a paid order raised gets a sale
 * of its balance once the balance is paid, so what was reported (sales less credit notes) is what was kept.
 */
let simulator: RunningSimulators;
let shop: FiscalShop;
let h: FiscalHelpers;
useFiscalShop((made) => ({ simulator, shop, h } = made));
afterEach(() => h.settled());

const edit = (orderId: string, lines: { productId: string; qty: number }[]) =>
  shop.t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/edit`,
    headers: shop.admin.auth,
    payload: { lines, note: 'Asked by phone' },
  });

const reported = (rows: { kind: string; lines: unknown }[]) =>
  rows.reduce((sum, row) => {
    const total = fiscalTotals(row.lines as FiscalLine[]).totalNgwee;
    return row.kind === 'sale' ? sum + total : row.kind === 'credit-note' ? sum - total : sum;
  }, 0);

describe('order edits and Smart Invoice', () => {
  it('raised, then the balance paid: a sale of the balance under its own number; the receipt stays the first sale', async () => {
    const order = await h.place([{ price: 100, quantity: 1 }]);
    await h.payByAdmin(order._id);
    const productId = (
      await shop.t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: shop.admin.auth })
    ).json().orderItems[0].product;
    const edited = await edit(order._id, [{ productId, qty: 3 }]);
    expect(edited.statusCode, edited.body).toBe(200);
    const balance = edited.json().edit.balanceDueNgwee;
    await h.payByAdmin(order._id);
    await h.settled();
    const rows = await h.rowsOf(order._id);
    const sales = rows.filter((r) => r.kind === 'sale');
    expect(sales.map((s) => s.invoiceNo)).toEqual([order._id, `${order._id}-B1`]);
    expect(fiscalTotals(sales[1].lines as unknown as FiscalLine[]).totalNgwee).toBe(balance);
    expect(sales.every((s) => s.status === 'done')).toBe(true);
    const row = await h.orderRow(order._id);
    expect(reported(rows as never)).toBe(row.totalNgwee);
    const answer = (
      await shop.t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: shop.admin.auth })
    ).json();
    expect(answer.fiscalReceipt.receiptNo).toBe(sales[0].rcptNo);
  });

  it('lowered: the refund of the difference is credited against the sale, once', async () => {
    const order = await h.place([{ price: 80, quantity: 4 }]);
    await h.payByAdmin(order._id);
    const productId = (
      await shop.t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: shop.admin.auth })
    ).json().orderItems[0].product;
    const edited = await edit(order._id, [{ productId, qty: 1 }]);
    expect(edited.statusCode, edited.body).toBe(200);
    await h.settled();
    const rows = await h.rowsOf(order._id);
    expect(rows.filter((r) => r.kind === 'credit-note')).toHaveLength(1);
    expect(reported(rows as never)).toBe((await h.orderRow(order._id)).totalNgwee);
    expect(simulator).toBeDefined();
  });
});
