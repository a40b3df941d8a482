import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { DEMO_SHOP_SETTINGS, getShopSettings, updateShopSettings } from './service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true });
  customer = await createUser(t);
});
afterAll(() => t.close());

const read = () => t.app.inject({ method: 'GET', url: '/api/settings' });
const save = (headers: Record<string, string> | undefined, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: payload as object });

describe('GET /api/settings', () => {
  it('answers the clearly fictional demo values to anyone before an admin has saved any', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEMO_SHOP_SETTINGS);
    expect(res.json().shopName).toContain('(demo)');
  });
});

describe('PUT /api/settings', () => {
  it('answers 401 without a token and 403 for a customer, changing nothing', async () => {
    const anonymous = await save(undefined, { shopName: 'Hijacked' });
    expect(anonymous.statusCode).toBe(401);
    const byCustomer = await save(customer.auth, { shopName: 'Hijacked' });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json()).toEqual({ message: 'Not authorized as an admin' });
    expect((await read()).json().shopName).toBe(DEMO_SHOP_SETTINGS.shopName);
  });

  it('changes only the given fields and answers all settings', async () => {
    const res = await save(admin.auth, {
      shopName: '  Mwinilunga Women Co-op  ',
      airtelMoneyNumber: '+260 97 555 0101',
      unknownField: 'x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...DEMO_SHOP_SETTINGS,
      shopName: 'Mwinilunga Women Co-op',
      airtelMoneyNumber: '+260 97 555 0101',
    });

    const second = await save(admin.auth, { email: 'Hello@Coop.example', facebookUrl: '' });
    expect(second.statusCode).toBe(200);
    const expected = {
      ...DEMO_SHOP_SETTINGS,
      shopName: 'Mwinilunga Women Co-op',
      airtelMoneyNumber: '+260 97 555 0101',
      email: 'hello@coop.example',
      facebookUrl: '',
    };
    expect(second.json()).toEqual(expected);
    expect((await read()).json()).toEqual(expected);
    expect(await getShopSettings(t.app.db)).toEqual(expected);
  });

  it('keeps both changes when two admins save different fields at once', async () => {
    await Promise.all([
      updateShopSettings(t.app.db, { phone: '+260 21 111 1111' }),
      updateShopSettings(t.app.db, { mtnMoneyNumber: '+260 96 222 2222' }),
    ]);
    const now = (await read()).json();
    expect(now.phone).toBe('+260 21 111 1111');
    expect(now.mtnMoneyNumber).toBe('+260 96 222 2222');
  });

  it.each([
    [{ shopName: '' }, /shopName cannot be empty/],
    [{ email: 'not-an-email' }, /Invalid email address/],
    [{ instagramUrl: 'javascript:alert(1)' }, /instagramUrl must be empty or a web address/],
    [{ facebookUrl: 'https://' }, /facebookUrl must be empty or a web address/],
    [{ phone: 12345 }, /phone must be text/],
    [{ address: 'x'.repeat(301) }, /address is too long/],
  ])('answers 400 for %j and changes nothing', async (payload, message) => {
    const before = (await read()).json();
    const res = await save(admin.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await read()).json()).toEqual(before);
  });

  it('answers 400 for a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '["x"]',
    });
    expect(res.statusCode).toBe(400);
  });

  it('falls back to the demo value for one stored field that no longer passes the rules, keeping the others', async () => {
    await t.app.db
      .insert(settings)
      .values({ key: 'shop', value: { shopName: 'Kept Name', email: 'broken' } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { shopName: 'Kept Name', email: 'broken' } } });
    const res = await read();
    expect(res.json()).toMatchObject({ shopName: 'Kept Name', email: DEMO_SHOP_SETTINGS.email });
  });
});

describe('the WhatsApp and new-order SMS numbers', () => {
  it.each(['+260 97 123 4567', '0971234567', '260-96-123-4567', '(077) 123 4567', ''])(
    'accepts %j for both, stored as written',
    async (number) => {
      const res = await save(admin.auth, { whatsappNumber: number, orderSmsNumber: number });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ whatsappNumber: number, orderSmsNumber: number });
      expect((await read()).json()).toMatchObject({ whatsappNumber: number, orderSmsNumber: number });
    },
  );

  it.each([
    [{ whatsappNumber: '12345' }, 'whatsappNumber must be empty or a Zambian mobile number such as +260 97 123 4567'],
    [
      { whatsappNumber: '+27 82 123 4567' },
      'whatsappNumber must be empty or a Zambian mobile number such as +260 97 123 4567',
    ],
    [
      { orderSmsNumber: '0211 234567' },
      'orderSmsNumber must be empty or a Zambian mobile number such as +260 97 123 4567',
    ],
    [{ orderSmsNumber: 971234567 }, 'orderSmsNumber must be text'],
  ])('answers 400 for %j with its message, changing nothing', async (payload, message) => {
    const before = (await read()).json();
    const res = await save(admin.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await read()).json()).toEqual(before);
  });

  it('says both numbers, old and new, in the audit line', async () => {
    await save(admin.auth, { whatsappNumber: '0970000000', orderSmsNumber: '' });
    const res = await save(admin.auth, { whatsappNumber: '+260 96 555 0101', orderSmsNumber: '0975550102' });
    expect(res.statusCode).toBe(200);
    const audit = await t.app.inject({ method: 'GET', url: '/api/audit', headers: admin.auth });
    const summaries = audit.json().events.map((e: { summary: string }) => e.summary);
    expect(summaries).toContain(
      'Shop settings: WhatsApp number 0970000000 → +260 96 555 0101; number for new-order SMS (empty) → 0975550102',
    );
  });
});

describe('the pay-to numbers and the contact phone', () => {
  const audit = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/audit', headers: admin.auth })).json().events.length;

  it('answers 401 without a token and 403 for a customer, even for good numbers, storing nothing', async () => {
    const before = (await read()).json();
    const payload = { mtnMoneyNumber: '096 555 0199', airtelMoneyNumber: '097 555 0199', phone: '0213 320 100' };
    expect((await save(undefined, payload)).statusCode).toBe(401);
    expect((await save(customer.auth, payload)).statusCode).toBe(403);
    expect((await save(customer.auth, { mtnMoneyNumber: 'abc' })).statusCode).toBe(403);
    expect((await read()).json()).toEqual(before);
  });

  it.each([
    [{ mtnMoneyNumber: '12345' }, 'mtnMoneyNumber must be empty or an MTN number such as 096 123 4567'],
    [{ mtnMoneyNumber: 'abc' }, 'mtnMoneyNumber must be empty or an MTN number such as 096 123 4567'],
    [{ mtnMoneyNumber: '+27 82 123 4567' }, 'mtnMoneyNumber must be empty or an MTN number such as 096 123 4567'],
    [
      { mtnMoneyNumber: '097 123 4567' },
      'mtnMoneyNumber must be an MTN number (MTN numbers start with 096 or 076); this one is Airtel',
    ],
    [
      { mtnMoneyNumber: '0951234567' },
      'mtnMoneyNumber must be an MTN number (MTN numbers start with 096 or 076); this one is Zamtel',
    ],
    [{ airtelMoneyNumber: '12345' }, 'airtelMoneyNumber must be empty or an Airtel number such as 097 123 4567'],
    [
      { airtelMoneyNumber: '+260 96 123 4567' },
      'airtelMoneyNumber must be an Airtel number (Airtel numbers start with 097, 077 or 057); this one is MTN',
    ],
    [{ phone: 'abc' }, 'phone must be empty or a Zambian phone number such as 097 123 4567 or 0213 123 456'],
    [{ phone: '12345' }, 'phone must be empty or a Zambian phone number such as 097 123 4567 or 0213 123 456'],
    [{ phone: '0219 123 456' }, 'phone must be empty or a Zambian phone number such as 097 123 4567 or 0213 123 456'],
  ])('an admin sending %j gets 400 naming the field, and nothing of the save is stored', async (bad, message) => {
    const before = (await read()).json();
    const linesBefore = await audit();
    // A good field beside the bad one is not stored either: a refused save stores nothing.
    const res = await save(admin.auth, { shopName: 'Half Saved Co-op', ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await read()).json()).toEqual(before);
    expect(await getShopSettings(t.app.db)).toEqual(before);
    expect(await audit()).toBe(linesBefore);
  });

  it('an admin saves numbers of the right network in any written form, a fixed-line contact phone, and empty pay-to numbers', async () => {
    const good = { mtnMoneyNumber: '076-555-0102', airtelMoneyNumber: '+260 57 555 0103', phone: '0213 320 100' };
    const res = await save(admin.auth, good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(good);
    expect((await read()).json()).toMatchObject(good);

    const none = await save(admin.auth, { mtnMoneyNumber: '', airtelMoneyNumber: '  ', phone: '' });
    expect(none.statusCode, none.body).toBe(200);
    expect((await read()).json()).toMatchObject({ mtnMoneyNumber: '', airtelMoneyNumber: '', phone: '' });
  });

  it('still shows a number stored before the check as it is, not a demo number nobody owns', async () => {
    await t.app.db
      .insert(settings)
      .values({ key: 'shop', value: { mtnMoneyNumber: '12345' } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { mtnMoneyNumber: '12345' } } });
    expect((await read()).json().mtnMoneyNumber).toBe('12345');
  });
});

describe("the makers' percent (docs/decisions/063-member-shares.md)", () => {
  it('is 70 until an admin sets it; a change is said with both values in the audit line', async () => {
    expect((await read()).json().makersPercent).toBe(70);
    const res = await save(admin.auth, { makersPercent: 65 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().makersPercent).toBe(65);
    // A save of other fields leaves it as it is.
    expect((await save(admin.auth, { address: 'Plot 5, Choma' })).json().makersPercent).toBe(65);
    const audit = await t.app.inject({ method: 'GET', url: '/api/audit?q=makers', headers: admin.auth });
    expect(audit.json().events.map((e: { summary: string }) => e.summary)).toContain(
      "Shop settings: makers' percent 70 → 65",
    );
    await save(admin.auth, { makersPercent: 70 });
  });

  it.each([101, -1, 12.5, '70', null])('answers 400 for %j, changing nothing', async (makersPercent) => {
    const res = await save(admin.auth, { makersPercent });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/makersPercent must be a whole number from 0 to 100/);
    expect((await read()).json().makersPercent).toBe(70);
  });

  it('accepts 0 (all to the fund) and 100 (all to the makers)', async () => {
    expect((await save(admin.auth, { makersPercent: 0 })).json().makersPercent).toBe(0);
    expect((await save(admin.auth, { makersPercent: 100 })).json().makersPercent).toBe(100);
    await save(admin.auth, { makersPercent: 70 });
  });
});
