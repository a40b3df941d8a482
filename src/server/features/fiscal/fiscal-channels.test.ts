import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type RunningSimulators } from '../../../../simulators/server';
import { orders } from '../../db/schema';
import { createUser } from '../../test/test-app';
import { simulatorProviders } from '../payments/test/simulator-providers';
import { insertProduct } from '../orders/test/fixtures';
import { makeCode, orderBodyWithCode } from '../discounts/test/fixtures';
import { computeTotals, toKwacha, toNgwee } from '../../../shared/money';
import { createFiscalShop, fiscalHelpers, until, type FiscalShop } from './test/fiscal-shop';

/**
 * Every way an order becomes paid gets its receipt once (decision 026: they all pass markOrderPaid): a
 * provider's collection through the simulator's MTN on an order placed by USSD, pay on collection at a
 * pickup point, an admin's mark on a web order. Then random orders with codes and delivery, and their
 * partial refunds, through the API and the simulator's VSDC: every sale is its order and every credit
 * note its refund, to the ngwee, as the device signed them.
 */
let simulator: RunningSimulators;
let shop: FiscalShop;
let h: ReturnType<typeof fiscalHelpers>;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  simulator = await startSimulators();
  const port = await freePort();
  const callbackBase = `http://127.0.0.1:${port}/api/payments/callback`;
  shop = await createFiscalShop(simulator, {
    paymentProviders: simulatorProviders(simulator.url, callbackBase),
    paymentTiming: { expiryMs: 60_000, firstPollMs: 150, maxPollMs: 400, leaseMs: 5_000 },
  });
  simulator.settle.airtelCallbackUrl = `${callbackBase}/airtel`;
  await shop.t.app.listen({ host: '127.0.0.1', port });
  h = fiscalHelpers(shop, simulator);
}, 60_000);
afterAll(async () => {
  await shop?.t.close();
  await simulator?.close();
});

/** What the device was sent for an invoice number. */
const sentFor = async (cisInvcNo: string) =>
  (await simulator.app.inject({ method: 'GET', url: `/_sim/vsdc/requests?cisInvcNo=${cisInvcNo}` })).json()
    .request as Record<string, unknown>;

describe('every way an order becomes paid', () => {
  it('a USSD order paid by MTN through the provider: one receipt, mobile money (06)', async () => {
    const order = await h.place([{ price: 150, quantity: 2 }], { paymentMethod: 'mtn' });
    await shop.t.app.db.update(orders).set({ channel: 'ussd' }).where(eq(orders.id, order._id));
    const started = await shop.t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/payments`,
      headers: shop.customer.auth,
      payload: { phone: '0961234567' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const reference = started.json().reference as string;
    expect(
      (await simulator.app.inject({ method: 'POST', url: `/_sim/requests/${reference}/approve` })).statusCode,
    ).toBe(200);
    await until(
      'the order paid',
      () => h.orderRow(order._id),
      (row) => row.isPaid,
    );
    await until(
      'its receipt',
      () => h.rowsOf(order._id),
      (rows) => rows.length === 2 && rows.every((r) => r.status === 'done'),
    );
    expect((await h.signed()).receipts.filter((r) => r.cisInvcNo === order._id)).toEqual([
      expect.objectContaining({ requests: 1, totAmtNgwee: toNgwee(order.totalPrice) }),
    ]);
    expect(await sentFor(order._id)).toMatchObject({ pmtTyCd: '06', rcptTyCd: 'S', custNm: null });
  });

  it('pay on collection at a pickup point, paid in cash to the keeper: one receipt, cash (01), the pickup fee as the delivery line', async () => {
    const option = await shop.t.app.inject({
      method: 'POST',
      url: '/api/delivery-options',
      headers: shop.admin.auth,
      payload: {
        kind: 'pickup',
        name: 'Mazabuka shop',
        provinces: ['Southern'],
        towns: ['Mazabuka'],
        fee: 15,
        estimate: '1-2 days',
        openingHours: 'Mon-Sat 08:00-17:00',
        directions: 'Behind the market',
        payOnCollection: true,
      },
    });
    expect(option.statusCode, option.body).toBe(201);
    const product = await insertProduct(shop.t, { price: 100 });
    const totals = computeTotals([{ unitPriceNgwee: product.priceNgwee, quantity: 1 }], {
      delivery: { feeNgwee: 1_500, freeAboveNgwee: null },
    });
    const placed = await shop.t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shop.customer.auth,
      payload: {
        orderItems: [{ product: product.id, quantity: 1 }],
        shippingAddress: {
          address: 'Plot 4',
          city: 'Mazabuka',
          province: 'Southern',
          zipCode: '10101',
          phoneNumber: '0971234567',
        },
        paymentMethod: 'collection',
        deliveryOption: option.json()._id,
        totalAmount: toKwacha(totals.totalNgwee),
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect(await h.rowsOf(order._id)).toEqual([]);
    const collected = await shop.t.app.inject({
      method: 'POST',
      url: `/api/pickup/${order._id}/collect`,
      payload: { code: order.collection.code, name: 'Bupe', paidWith: 'cash' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    await until(
      'its receipt',
      () => h.rowsOf(order._id),
      (rows) => rows.length === 2 && rows.every((r) => r.status === 'done'),
    );
    const sent = await sentFor(order._id);
    expect(sent).toMatchObject({
      pmtTyCd: '01',
      totAmt: toKwacha(totals.totalNgwee),
      taxAmtA: toKwacha(totals.taxNgwee),
    });
    expect(
      (sent.itemList as { itemCd: string; vatCatCd: string; totAmt: number; itemNm: string }[]).at(-1),
    ).toMatchObject({
      itemCd: 'DELIVERY',
      vatCatCd: 'D',
      totAmt: 15,
      itemNm: 'Delivery: Mazabuka shop',
    });
  });

  it('a web order an admin marks paid: one receipt; marking it again is refused and records nothing', async () => {
    const order = await h.place([{ price: 42.5, quantity: 1 }]);
    await h.payByAdmin(order._id);
    const again = await shop.t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/pay`,
      headers: shop.admin.auth,
      payload: { note: 'Paid twice?' },
    });
    expect(again.statusCode).toBe(409);
    await h.settled();
    expect((await h.rowsOf(order._id)).map((r) => r.kind)).toEqual(['sale', 'stock']);
    expect((await h.signed()).receipts.filter((r) => r.cisInvcNo === order._id)).toHaveLength(1);
  });
});

describe('random orders through the API and the device', () => {
  it('30 orders with codes, delivery and partial refunds: each sale signed is its order, each credit note its refund, to the ngwee', async () => {
    let seed = 20261129;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
    const codes = {
      percent: await makeCode(shop.t, shop.admin.auth, { kind: 'percent', value: 15 }),
      fixed: await makeCode(shop.t, shop.admin.auth, { kind: 'fixed', value: 33.33 }),
      freeDelivery: await makeCode(shop.t, shop.admin.auth, { kind: 'freeDelivery', value: 0 }),
    };
    const expected: { orderId: string; totalNgwee: number; taxNgwee: number; refunds: number[] }[] = [];
    for (let n = 0; n < 30; n += 1) {
      const lines = await Promise.all(
        Array.from({ length: int(1, 4) }, async () => ({
          product: await insertProduct(shop.t, { price: int(1, 40_000) / 100 }),
          quantity: int(1, 5),
        })),
      );
      const kind = (['percent', 'fixed', 'freeDelivery', null] as const)[int(0, 3)];
      const body = kind
        ? orderBodyWithCode(lines, codes[kind].code, {
            kind,
            value: kind === 'percent' ? 15 : kind === 'fixed' ? 33.33 : 0,
          })
        : {
            ...orderBodyWithCode(lines, '', { kind: 'fixed', value: 0 }),
            discountCode: undefined,
            discountAmount: undefined,
          };
      // A shopper of their own each: one may try 20 codes in 15 minutes (decision 041).
      const shopper = await createUser(shop.t, { name: `Shopper ${n}` });
      const placed = await shop.t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: shopper.auth,
        payload: body,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json();
      await h.payByAdmin(order._id);
      const totalNgwee = toNgwee(order.totalPrice);
      const refunds: number[] = [];
      let left = totalNgwee;
      for (let r = int(0, 3); r > 0 && left > 0; r -= 1) {
        const amount = r === 1 && next() < 0.5 ? left : int(1, left);
        await h.refundByHand(order._id, amount);
        refunds.push(amount);
        left -= amount;
      }
      expected.push({ orderId: order._id, totalNgwee, taxNgwee: toNgwee(order.taxPrice), refunds });
    }
    await h.settled(60_000);
    const { receipts } = await h.signed();
    for (const order of expected) {
      const [sale, ...others] = receipts.filter((r) => r.cisInvcNo === order.orderId);
      expect(others).toEqual([]);
      expect(sale).toMatchObject({
        rcptTyCd: 'S',
        totAmtNgwee: order.totalNgwee,
        taxAmtANgwee: order.taxNgwee,
        requests: 1,
      });
      const notes = receipts.filter((r) => r.rcptTyCd === 'R' && r.orgInvcNo === sale.rcptNo);
      expect(notes.map((r) => r.totAmtNgwee)).toEqual(order.refunds);
      if (order.refunds.reduce((a, b) => a + b, 0) === order.totalNgwee)
        expect(notes.reduce((sum, r) => sum + r.taxAmtANgwee, 0)).toBe(order.taxNgwee);
    }
    expect((await h.allRows()).filter((r) => r.status !== 'done')).toEqual([]);
  }, 180_000);
});
