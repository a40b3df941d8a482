import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, name: 'Head Admin' });
  customer = await createUser(t, { name: 'Plain Customer' });
});
afterAll(() => t.close());

type Headers = Record<string, string> | undefined;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers, payload: payload as object });
const del = (url: string, headers: Headers) => t.app.inject({ method: 'DELETE', url, headers });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('GET /api/users (admin list)', () => {
  beforeAll(async () => {
    // 25 customers of one village, a minute apart, so "newest first" has a known order.
    const start = Date.UTC(2025, 0, 1);
    await t.app.db.insert(users).values(
      Array.from({ length: 25 }, (_, i) => ({
        name: `Kasama Member ${String(i).padStart(2, '0')}`,
        email: `member${i}@kasama.example`,
        passwordHash: 'scrypt$x',
        createdAt: new Date(start + i * 60_000),
      })),
    );
    await t.app.db
      .insert(users)
      .values({ name: 'Percent 100% Sure', email: 'percent@example.com', passwordHash: 'scrypt$x' });
  });

  it('answers 401 without a token and 403 for a customer', async () => {
    expect((await get('/api/users', undefined)).statusCode).toBe(401);
    const res = await get('/api/users', customer.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Not authorized as an admin' });
  });

  it('pages newest first with the default limit of 20, never showing a password or hash', async () => {
    const res = await get('/api/users?keyword=kasama', admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|scrypt/i);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pages: 2, totalUsers: 25 });
    expect(body.users).toHaveLength(20);
    expect(body.users[0].name).toBe('Kasama Member 24');
    expect(body.users[19].name).toBe('Kasama Member 05');

    const last = (await get('/api/users?keyword=kasama&limit=10&page=3', admin.auth)).json();
    expect(last).toMatchObject({ page: 3, pages: 3, totalUsers: 25 });
    expect(last.users.map((u: { name: string }) => u.name)).toEqual(
      ['04', '03', '02', '01', '00'].map((n) => `Kasama Member ${n}`),
    );
  });

  it('matches the keyword in name or e-mail, ignoring case, and takes % literally', async () => {
    const byName = (await get('/api/users?keyword=MEMBER%2007', admin.auth)).json();
    expect(byName.users.map((u: { email: string }) => u.email)).toEqual(['member7@kasama.example']);
    const byEmail = (await get('/api/users?keyword=member13%40KASAMA', admin.auth)).json();
    expect(byEmail.users.map((u: { name: string }) => u.name)).toEqual(['Kasama Member 13']);
    const percent = (await get('/api/users?keyword=100%25', admin.auth)).json();
    expect(percent.users.map((u: { name: string }) => u.name)).toEqual(['Percent 100% Sure']);
    const none = (await get('/api/users?keyword=zzzz-nobody', admin.auth)).json();
    expect(none).toEqual({ users: [], page: 1, pages: 1, totalUsers: 0 });
  });

  it('lists everyone without a keyword, and accepts limit 100', async () => {
    const res = await get('/api/users?limit=100', admin.auth);
    expect(res.statusCode).toBe(200);
    const [{ n }] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(res.json().totalUsers).toBe(n);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'page=0', 'page=-1', `keyword=${'k'.repeat(101)}`])(
    'answers 400 for %s',
    async (query) => {
      const res = await get(`/api/users?${query}`, admin.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/limit|page|keyword/);
    },
  );
});

describe('GET /api/users/stats', () => {
  it('counts users, customers, admins and this month’s newcomers', async () => {
    expect((await get('/api/users/stats', undefined)).statusCode).toBe(401);
    expect((await get('/api/users/stats', customer.auth)).statusCode).toBe(403);
    const before = (await get('/api/users/stats', admin.auth)).json();
    await createUser(t);
    await createUser(t, { isAdmin: true });
    const res = await get('/api/users/stats', admin.auth);
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.totalUsers - before.totalUsers).toBe(2);
    expect(after.totalCustomers - before.totalCustomers).toBe(1);
    expect(after.totalAdmins - before.totalAdmins).toBe(1);
    expect(after.newThisMonth - before.newThisMonth).toBe(2);
    expect(after.totalUsers).toBe(after.totalCustomers + after.totalAdmins);
  });
});

describe('GET /api/users/:id', () => {
  it('answers the user to an admin, 404 for unknown or malformed ids, 401/403 otherwise', async () => {
    const res = await get(`/api/users/${customer.user.id}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|scrypt/i);
    expect(res.json()).toMatchObject({ _id: customer.user.id, name: 'Plain Customer', isAdmin: false });
    for (const id of [UNKNOWN_ID, 'not-a-uuid', "1'; drop table users;--"]) {
      const missing = await get(`/api/users/${encodeURIComponent(id)}`, admin.auth);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'User not found' });
    }
    expect((await get(`/api/users/${customer.user.id}`, undefined)).statusCode).toBe(401);
    expect((await get(`/api/users/${customer.user.id}`, customer.auth)).statusCode).toBe(403);
  });
});

describe('PUT /api/users/:id', () => {
  it('changes name, e-mail and admin flag, and nothing else', async () => {
    const target = await createUser(t);
    const res = await put(`/api/users/${target.user.id}`, admin.auth, {
      name: 'Bwalya Mulenga',
      email: 'Bwalya@Example.com',
      isAdmin: true,
      password: 'sneaky password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|scrypt/i);
    expect(res.json()).toMatchObject({
      _id: target.user.id,
      name: 'Bwalya Mulenga',
      firstName: 'Bwalya',
      lastName: 'Mulenga',
      email: 'bwalya@example.com',
      isAdmin: true,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row.passwordHash).toBe(target.user.passwordHash);
  });

  it('answers 409 for an e-mail of another account', async () => {
    const target = await createUser(t);
    const res = await put(`/api/users/${target.user.id}`, admin.auth, { email: customer.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it('never makes an account opened by phone (no e-mail, no password) an admin', async () => {
    const [phoneOnly] = await t.app.db
      .insert(users)
      .values({ name: 'Phone Only', mobile: '+260971110001', phone: '+260971110001' })
      .returning();
    const res = await put(`/api/users/${phoneOnly.id}`, admin.auth, { isAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Only an account with an e-mail and a password can be an admin.' });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, phoneOnly.id));
    expect(row.isAdmin).toBe(false);
  });

  it('refuses to let an admin remove their own admin rights', async () => {
    const res = await put(`/api/users/${admin.user.id}`, admin.auth, { isAdmin: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You cannot remove your own admin rights' });
    expect((await put(`/api/users/${admin.user.id}`, admin.auth, { name: 'Head Admin' })).statusCode).toBe(200);
  });

  it('lets an admin demote another admin, who then loses admin access at once', async () => {
    const other = await createUser(t, { isAdmin: true });
    const res = await put(`/api/users/${other.user.id}`, admin.auth, { isAdmin: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().isAdmin).toBe(false);
    expect((await get('/api/users', other.auth)).statusCode).toBe(403);
  });

  it('never leaves the shop without an admin when two admins demote each other at once', async () => {
    const a = await createUser(t, { isAdmin: true });
    const b = await createUser(t, { isAdmin: true });
    // Make a and b the shop's only admins for this test.
    const others = await t.app.db
      .update(users)
      .set({ isAdmin: false })
      .where(sql`${users.isAdmin} and ${users.id} not in (${a.user.id}, ${b.user.id})`)
      .returning({ id: users.id });
    try {
      const answers = await Promise.all([
        put(`/api/users/${b.user.id}`, a.auth, { isAdmin: false }),
        put(`/api/users/${a.user.id}`, b.auth, { isAdmin: false }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
      const [{ n }] = await t.app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.isAdmin, true));
      expect(n).toBe(1);
    } finally {
      await t.app.db
        .update(users)
        .set({ isAdmin: true })
        .where(
          inArray(
            users.id,
            others.map((o) => o.id),
          ),
        );
    }
  });

  it('answers 400 for bad fields, 404 for unknown ids, 401/403 for others', async () => {
    const bad = await put(`/api/users/${customer.user.id}`, admin.auth, { isAdmin: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await put(`/api/users/${customer.user.id}`, admin.auth, { email: 'nope' })).json().message).toBe(
      'Invalid email address',
    );
    expect((await put(`/api/users/${UNKNOWN_ID}`, admin.auth, { name: 'X' })).statusCode).toBe(404);
    expect((await put('/api/users/nope', admin.auth, { name: 'X' })).statusCode).toBe(404);
    expect((await put(`/api/users/${customer.user.id}`, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await put(`/api/users/${customer.user.id}`, customer.auth, { isAdmin: true })).statusCode).toBe(403);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a customer and keeps their orders, unlinked', async () => {
    const gone = await createUser(t, { name: 'Leaving Customer' });
    const [order] = await t.app.db
      .insert(orders)
      .values({
        userId: gone.user.id,
        customerName: 'Leaving Customer',
        customerEmail: gone.email,
        shippingAddress: {
          address: '1 Road',
          city: 'Lusaka',
          province: 'Lusaka',
          zipCode: '10101',
          phoneNumber: '0970000000',
        },
        paymentMethod: 'airtel',
        itemsNgwee: 10_000,
        taxNgwee: 1_600,
        shippingNgwee: 7_500,
        totalNgwee: 19_100,
      })
      .returning();
    const res = await del(`/api/users/${gone.user.id}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully' });
    expect((await get(`/api/users/${gone.user.id}`, admin.auth)).statusCode).toBe(404);
    expect((await get('/api/users/profile', gone.auth)).statusCode).toBe(401);
    const [kept] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: null, customerName: 'Leaving Customer' });
  });

  it('lets an admin delete another admin but never themselves', async () => {
    const other = await createUser(t, { isAdmin: true });
    expect((await del(`/api/users/${other.user.id}`, admin.auth)).statusCode).toBe(200);
    const self = await del(`/api/users/${admin.user.id}`, admin.auth);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot delete your own account' });
  });

  it('answers 404 for unknown or malformed ids and 401/403 for others', async () => {
    expect((await del(`/api/users/${UNKNOWN_ID}`, admin.auth)).statusCode).toBe(404);
    expect((await del('/api/users/12345', admin.auth)).json()).toEqual({ message: 'User not found' });
    expect((await del(`/api/users/${customer.user.id}`, undefined)).statusCode).toBe(401);
    expect((await del(`/api/users/${admin.user.id}`, customer.auth)).statusCode).toBe(403);
    expect((await get(`/api/users/${customer.user.id}`, admin.auth)).statusCode).toBe(200);
  });
});
