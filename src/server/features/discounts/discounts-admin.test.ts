import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { uniqueCode } from './test/fixtures';

describe('discount codes kept by the admin', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let shopper: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, { isAdmin: true })).auth;
    shopper = (await createUser(t)).auth;
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/discounts', headers, payload: payload as object });

  it('makes, lists and changes a code; the code is kept upper-case and is unique in any case', async () => {
    const code = uniqueCode('WELCOME');
    const made = await post({
      code: ` ${code.toLowerCase()} `,
      kind: 'fixed',
      value: 25.5,
      minSubtotal: 200,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00+02:00',
      maxUses: 100,
      maxUsesPerCustomer: 1,
      categories: ['Skin care', 'skin care'],
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      code,
      kind: 'fixed',
      value: 25.5,
      minSubtotal: 200,
      endsAt: '2026-12-31T22:00:00.000Z',
      maxUses: 100,
      maxUsesPerCustomer: 1,
      categories: ['skin care'],
      isActive: true,
      usesCount: 0,
      discountGivenNgwee: 0,
    });
    expect((await post({ code: code.toLowerCase(), kind: 'percent', value: 5 })).statusCode).toBe(409);

    const id = made.json()._id;
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/discounts/${id}`,
      headers: admin,
      payload: { code, kind: 'percent', value: 20, isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ kind: 'percent', value: 20, isActive: false, maxUses: null, categories: [] });

    const list = await t.app.inject({ method: 'GET', url: '/api/discounts', headers: admin });
    expect(list.json().discounts.find((d: { _id: string }) => d._id === id)).toMatchObject({ value: 20 });
  });

  it.each([
    [{ kind: 'percent', value: 0 }, 'A percent discount must be a whole number from 1 to 100'],
    [{ kind: 'percent', value: 101 }, 'A percent discount must be a whole number from 1 to 100'],
    [{ kind: 'percent', value: 12.5 }, 'A percent discount must be a whole number from 1 to 100'],
    [{ kind: 'fixed', value: -5 }, 'value cannot be negative'],
    [{ kind: 'fixed', value: 0 }, 'A fixed discount must be more than 0'],
    [{ kind: 'fixed', value: 1.234 }, 'A fixed discount must be more than 0'],
    [{ kind: 'percent', value: 10, minSubtotal: -1 }, 'minSubtotal cannot be negative'],
    [{ kind: 'bogus', value: 10 }, 'kind must be one of percent, fixed, freeDelivery'],
    [
      { kind: 'percent', value: 10, startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' },
      'endsAt must be after startsAt',
    ],
    [{ kind: 'percent', value: 10, endsAt: 'tomorrow' }, 'endsAt must be a date and time'],
    [{ kind: 'percent', value: 10, maxUses: 0 }, 'maxUses must be at least 1'],
    [{ kind: 'percent', value: 10, maxUsesPerCustomer: 2.5 }, 'maxUsesPerCustomer must be a whole number'],
    [{ kind: 'percent', value: 10, productIds: ['not-an-id'] }, 'productIds must hold product ids'],
    [{ kind: 'percent', value: 10, categories: ['x'.repeat(101)] }, 'category is too long'],
    [{ kind: 'percent', value: 10, code: 'AB' }, 'code must be 3 to 32 letters'],
    [{ kind: 'percent', value: 10, code: 'HALF OFF' }, 'code must be 3 to 32 letters'],
    [{ kind: 'percent', value: 10, code: 'X'.repeat(100_000) }, 'code must be 3 to 32 letters'],
    [{ kind: 'percent', value: 10, code: 'NUL\u0000CODE' }, ''],
    [{ kind: 'percent', value: 10, description: 'd'.repeat(201) }, 'description is too long'],
    [{ kind: 'percent', value: '10' }, 'value must be a number'],
  ])('refuses %j with a 400', async (fields, message) => {
    const answer = await post({ code: uniqueCode(), ...fields });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(message);
  });

  it('records adding, editing and switching off in the audit trail with before and after', async () => {
    const code = uniqueCode('AUDIT');
    const made = await post({ code, kind: 'percent', value: 10 });
    expect(made.statusCode).toBe(201);
    const id = made.json()._id;
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/discounts/${id}`, headers: admin, payload });
    expect((await put({ code, kind: 'fixed', value: 30, minSubtotal: 100 })).statusCode).toBe(200);
    expect((await put({ code, kind: 'fixed', value: 30, minSubtotal: 100, isActive: false })).statusCode).toBe(200);
    expect((await put({ code, kind: 'fixed', value: 30, minSubtotal: 100, isActive: false })).statusCode).toBe(200);

    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/audit?subjectType=discount&subjectId=${id}`,
      headers: admin,
    });
    expect(trail.statusCode, trail.body).toBe(200);
    const events = trail.json().events as { action: string; summary: string; before: unknown; after: unknown }[];
    // Newest first; the save that changed nothing wrote no line.
    expect(events.map((e) => e.action)).toEqual(['discount.updated', 'discount.updated', 'discount.created']);
    expect(events[2].summary).toBe(`Discount code ${code} added: 10% off`);
    expect(events[1].summary).toBe(`Discount code ${code}: 10% off → K\u00a030.00 off; changed minSubtotalNgwee`);
    expect(events[1]).toMatchObject({
      before: { kind: 'percent', value: 10, minSubtotalNgwee: 0 },
      after: { kind: 'fixed', value: 3000, minSubtotalNgwee: 10000 },
    });
    expect(events[0]).toMatchObject({
      summary: `Discount code ${code}: switched off`,
      before: { isActive: true },
      after: { isActive: false },
    });
  });

  it('is for admins only, and an unknown id is a 404', async () => {
    expect((await post({ code: uniqueCode(), kind: 'percent', value: 10 }, shopper)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/discounts' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/discounts', headers: shopper })).statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/discounts/6f1c2f9e-1111-4a4a-8888-000000000000',
      headers: admin,
      payload: { code: uniqueCode(), kind: 'percent', value: 10 },
    });
    expect(missing.statusCode).toBe(404);
    const notAnId = await t.app.inject({
      method: 'PUT',
      url: '/api/discounts/nope',
      headers: admin,
      payload: { code: uniqueCode(), kind: 'percent', value: 10 },
    });
    expect(notAnId.statusCode).toBe(404);
  });
});
