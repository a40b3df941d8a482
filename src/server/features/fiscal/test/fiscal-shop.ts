import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_VSDC, VSDC_BASE_PATH } from '../../../../../simulators/vsdc';
import { startSimulators, type RunningSimulators } from '../../../../../simulators/server';
import type { AppConfig } from '../../../config';
import { fiscalSubmissions, orders } from '../../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import { insertProduct } from '../../orders/test/fixtures';
import { computeTotals, toKwacha } from '../../../../shared/money';
import type { FiscalSettings } from '../fiscal-settings';
import type { FiscalTiming } from '../fiscal-line';
import { until } from '../../../test/until';

/**
 * Test-only: a shop that fiscalises through the simulator's VSDC over real HTTP, with short timings, and
 * what its tests ask of it (orders placed over the API, paid by an admin's mark, refunds by hand).
 */
export const FAST: Partial<FiscalTiming> = { sweepMs: 100, retryMs: 100, maxRetryMs: 400, leaseMs: 3_000 };

export function fiscalSettings(simulator: RunningSimulators, more: Partial<FiscalSettings> = {}): FiscalSettings {
  return {
    vsdcUrl: `${simulator.url}${VSDC_BASE_PATH}`,
    tpin: DEMO_VSDC.tpin,
    branchId: DEMO_VSDC.branchId,
    deviceSerial: DEMO_VSDC.deviceSerial,
    timeoutMs: 2_000,
    defaultItemClass: '53131600',
    deliveryCategory: 'D',
    creditNoteReason: '02',
    leaseMs: 3_000,
    ...more,
  };
}

export async function createFiscalShop(simulator: RunningSimulators, overrides: Partial<AppConfig> = {}) {
  const t = await createTestApp({
    fiscal: fiscalSettings(simulator),
    fiscalTiming: FAST,
    refundApproval: { kind: 'off' },
    ...overrides,
  });
  const admin = await createUser(t, { isAdmin: true, name: 'Mutinta Admin' });
  const customer = await createUser(t, { name: 'Chanda Mulenga' });
  return { t, admin, customer };
}

export type FiscalShop = Awaited<ReturnType<typeof createFiscalShop>>;

export function fiscalHelpers(shop: FiscalShop, simulator: RunningSimulators) {
  const { t, admin, customer } = shop;
  const vsdc = (path: string, payload?: object) =>
    simulator.app.inject({ method: payload ? 'POST' : 'GET', url: path, ...(payload ? { payload } : {}) });
  return {
    /** An order of these products (prices in kwacha) placed over the API, as the web app does. */
    async place(lines: { price: number; quantity: number }[], extra: Record<string, unknown> = {}) {
      const products = await Promise.all(lines.map((line) => insertProduct(t, { price: line.price })));
      const totals = computeTotals(
        products.map((p, i) => ({ unitPriceNgwee: p.priceNgwee, quantity: lines[i].quantity })),
      );
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.auth,
        payload: {
          orderItems: products.map((p, i) => ({ product: p.id, quantity: lines[i].quantity })),
          shippingAddress: {
            address: '12 Kabulonga Road',
            city: 'Lusaka',
            province: 'Lusaka',
            zipCode: '10101',
            phoneNumber: '0971234567',
          },
          paymentMethod: 'airtel',
          totalAmount: toKwacha(totals.totalNgwee),
          ...extra,
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json() as { _id: string; totalPrice: number; taxPrice: number };
    },
    /** An admin marks it paid (cash at the co-op): markOrderPaid, in its transaction the sale is recorded. */
    async payByAdmin(orderId: string) {
      const paid = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${orderId}/pay`,
        headers: admin.auth,
        payload: { note: 'Cash at the co-op' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    },
    /** A refund a member sent by hand (REFUND_APPROVAL off): it ends at once, its credit note recorded. */
    async refundByHand(orderId: string, amountNgwee: number) {
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/refunds`,
        headers: admin.auth,
        payload: { amountNgwee, reason: 'Returned a jar', attemptId: null },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      return asked.json() as { _id: string };
    },
    rowsOf: (orderId: string) =>
      t.app.db
        .select()
        .from(fiscalSubmissions)
        .where(eq(fiscalSubmissions.orderId, orderId))
        .orderBy(asc(fiscalSubmissions.seq)),
    allRows: () => t.app.db.select().from(fiscalSubmissions).orderBy(asc(fiscalSubmissions.seq)),
    orderRow: async (orderId: string) => (await t.app.db.select().from(orders).where(eq(orders.id, orderId)))[0],
    /** What the simulated device signed, by invoice number. */
    async signed() {
      const body = (await vsdc('/_sim/vsdc/receipts')).json() as {
        devices: {
          receipts: {
            cisInvcNo: string;
            rcptTyCd: string;
            rcptNo: number;
            totRcptNo: number;
            orgInvcNo: number;
            totAmtNgwee: number;
            taxAmtANgwee: number;
            requests: number;
            rcptSign: string;
          }[];
        }[];
        requests: Record<string, number>;
      };
      return { receipts: body.devices.flatMap((d) => d.receipts), requests: body.requests };
    },
    stock: async () =>
      (await vsdc('/_sim/vsdc/stock')).json() as {
        devices: {
          items: { itemCd: string; itemClsCd: string; versions: number }[];
          reports: { sarNo: number; items: { itemCd: string; qty: number }[]; repeats: number }[];
          master: Record<string, number>;
        }[];
      },
    behave: (change: object) => vsdc('/_sim/vsdc/behaviour', change),
    /** Waits for every report of the shop to settle (done or failed). */
    async settled(ms = 15_000) {
      await until(
        'every report settled',
        () => t.app.db.select({ status: fiscalSubmissions.status }).from(fiscalSubmissions),
        (rows) => rows.every((r) => r.status === 'done' || r.status === 'failed'),
        ms,
      );
    },
  };
}

export { until };

export type FiscalHelpers = ReturnType<typeof fiscalHelpers>;

/** A test file's shop and simulator: made before its tests (handed to `take`), closed after them. */
export function useFiscalShop(
  take: (made: { simulator: RunningSimulators; shop: FiscalShop; h: FiscalHelpers }) => void,
): void {
  let made: { simulator: RunningSimulators; shop: FiscalShop; h: FiscalHelpers } | undefined;
  beforeAll(async () => {
    const simulator = await startSimulators();
    const shop = await createFiscalShop(simulator);
    made = { simulator, shop, h: fiscalHelpers(shop, simulator) };
    take(made);
  }, 60_000);
  afterAll(async () => {
    await made?.shop.t.close();
    await made?.simulator.close();
  });
}
