import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_AFRICASTALKING,
  DEMO_AIRTEL,
  startSimulators,
  type RunningSimulators,
} from '../../../../simulators/server';
import { smsLength } from '../../../shared/sms-text';
import { orders, smsMessages, users } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { readOrderLink } from '../orders';
import { address, insertProduct, orderBody } from '../orders/test/fixtures';

const PUBLIC_URL = 'https://shop.kabulonga.zm'; // 25 characters, as long as the texts are written for
const DELIVERY = '+260971234567'; // the fixtures' delivery phone, 0971234567
const SHOP_PHONE = '+260955000111';

describe('order texts through the outbox, driven by the order events', () => {
  let sim: RunningSimulators;
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    sim = await startSimulators();
    t = await createTestApp({
      publicUrl: PUBLIC_URL,
      sms: { provider: 'africastalking', ...DEMO_AFRICASTALKING, baseUrl: sim.url, timeoutMs: 5_000 },
    });
    admin = (await createUser(t, { isAdmin: true })).auth;
    customer = await createUser(t, { name: 'Chanda Mulenga' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { shopName: 'Kabulonga Crafts', airtelMoneyNumber: '+260 97 700 1122', orderSmsNumber: '095 500 0111' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const place = async (overrides: Record<string, unknown> = {}, headers = customer.auth) => {
    const product = await insertProduct(t, { price: 150 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderBody([{ product: product.id, quantity: 3, price: 150 }], overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.sms.idle();
    return res.json() as { _id: string; totalPrice: number };
  };
  const put = async (url: string, payload?: object) => {
    const res = await t.app.inject({ method: 'PUT', url, headers: admin, payload });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.sms.idle();
  };
  const textsAbout = (to: string, orderId: string) =>
    sim.state.sms
      .to(to)
      .filter((m) => m.text.includes(`#${orderId.slice(0, 8)}`))
      .map((m) => m.text);
  const linkIn = (text: string) => /(https:\/\/shop\.kabulonga\.zm\/o\/([\w-]{43}))$/.exec(text);

  it('texts the customer a confirmation with the total, how to pay and the signed link, and the co-op a notice', async () => {
    const order = await place();
    const ref = order._id.slice(0, 8);
    const [confirmation, ...more] = textsAbout(DELIVERY, order._id);
    expect(more).toEqual([]);
    expect(confirmation).toMatch(
      new RegExp(
        `^Kabulonga Crafts: .*#${ref}.*K${order.totalPrice.toFixed(2)}.* to 0977001122, ref(erence)? ${ref}\\. `,
      ),
    );
    expect(smsLength(confirmation)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    const link = linkIn(confirmation);
    expect(link).not.toBeNull();
    expect(readOrderLink(link![2], t.config.jwtSecret)).toMatchObject({ ok: true, orderId: order._id });
    expect(textsAbout(SHOP_PHONE, order._id)).toEqual([
      `New order #${ref}, K${order.totalPrice.toFixed(2)}, Airtel, 3 items for Chanda Mulenga, Lusaka. ${PUBLIC_URL}/admin/orders?q=${ref}`,
    ]);
    const rows = await t.app.db.select().from(smsMessages).where(eq(smsMessages.orderId, order._id));
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['order-notice', 'sent'],
      ['order-placed', 'sent'],
    ]);
  });

  it('texts each change the customer cares about once: paid, shipped, delivered', async () => {
    const { _id: id } = await place();
    await put(`/api/orders/${id}/pay`, {});
    await put(`/api/orders/${id}/pay`, {}); // already paid: no second text
    for (const status of ['Processing', 'Shipped']) await put(`/api/orders/${id}/status`, { status });
    await put(`/api/orders/${id}/deliver`);
    const texts = textsAbout(DELIVERY, id);
    expect(texts).toHaveLength(4);
    expect(texts[1]).toMatch(/Payment of K\d+\.\d\d received|We received your payment/);
    expect(texts[2]).toContain('is on its way to Lusaka.');
    expect(texts[3]).toContain('delivered. Thank you!');
    for (const text of texts) {
      expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
      expect(linkIn(text)).not.toBeNull();
    }
  });

  it('texts a cancellation, asking not to pay', async () => {
    const { _id: id } = await place();
    await put(`/api/orders/${id}/status`, { status: 'Cancelled' });
    expect(textsAbout(DELIVERY, id).at(-1)).toContain('cancelled. Please do not pay');
  });

  it("prefers the account's sign-in number, and texts nobody when the delivery phone is not a mobile", async () => {
    const mobile = '+260761112233';
    await t.app.db.update(users).set({ mobile }).where(eq(users.id, customer.user.id));
    const { _id: id } = await place();
    expect(textsAbout(mobile, id)).toHaveLength(1);
    expect(textsAbout(DELIVERY, id)).toEqual([]);
    await t.app.db.update(users).set({ mobile: null }).where(eq(users.id, customer.user.id));

    // New orders take only a Zambian mobile; an older order may still carry a landline.
    const landline = await place();
    await t.app.db
      .update(orders)
      .set({ shippingAddress: { ...address, phoneNumber: '0211 234 567' } })
      .where(eq(orders.id, landline._id));
    await put(`/api/orders/${landline._id}/status`, { status: 'Cancelled' });
    const rows = await t.app.db.select().from(smsMessages).where(eq(smsMessages.orderId, landline._id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['order-notice', 'order-placed']);
  });
});

describe('the order text of an order the shop collects by itself', () => {
  it('points the shopper to the order page, as the e-mail does, and gives no pay-by-hand instructions', async () => {
    const sim = await startSimulators();
    const airtel = {
      clientId: DEMO_AIRTEL.clientId,
      clientSecret: DEMO_AIRTEL.clientSecret,
      baseUrl: sim.url,
      country: 'ZM' as const,
      currency: 'ZMW' as const,
      timeoutMs: 5_000,
    };
    const t = await createTestApp({
      publicUrl: PUBLIC_URL,
      paymentProviders: { airtel },
      sms: { provider: 'africastalking', ...DEMO_AFRICASTALKING, baseUrl: sim.url, timeoutMs: 5_000 },
    });
    try {
      const admin = (await createUser(t, { isAdmin: true })).auth;
      const settings = { airtelMoneyNumber: '+260 97 700 1122', mtnMoneyNumber: '+260 96 700 1122' };
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin, payload: settings })).statusCode,
      ).toBe(200);
      const customer = await createUser(t);
      const product = await insertProduct(t, { price: 40 });
      const placed = async (paymentMethod: string) => {
        const payload = orderBody([{ product: product.id, quantity: 1, price: 40 }], { paymentMethod });
        const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.auth, payload });
        expect(res.statusCode, res.body).toBe(201);
        await t.app.sms.idle();
        const id = res.json()._id as string;
        const texts = sim.state.sms.to(DELIVERY).filter((m) => m.text.includes(`#${id.slice(0, 8)}`));
        expect(texts).toHaveLength(1);
        return { id, text: texts[0].text };
      };
      const byAirtel = await placed('airtel');
      expect(byAirtel.text).toMatch(/Pay (by Airtel (Money )?prompt )?from your order page: /);
      expect(byAirtel.text.endsWith(`${PUBLIC_URL}/account/orders/${byAirtel.id}`)).toBe(true);
      expect(byAirtel.text).not.toMatch(/0977001122|ref(erence)? |Pay by Airtel (Money )?to/);
      expect(smsLength(byAirtel.text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
      // MTN has no provider settings here: its shoppers are still told where to send the money.
      const byMtn = await placed('mtn');
      expect(byMtn.text).toMatch(/Pay by MTN.* to 0967001122, ref(erence)? /);
    } finally {
      await t.close();
      await sim.close();
    }
  });
});
