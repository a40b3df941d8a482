import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertAuditEvent } from './queries';
import { trailReader } from './test/trail';

/** GET /api/audit: who may read it, its filters and pages, and that nothing (API or SQL) can change a line. */
describe('reading the audit trail', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let customer: Awaited<ReturnType<typeof createUser>>;
  const trail = trailReader(
    () => t,
    () => admin.auth,
  );
  const ruth = randomUUID();
  const mulenga = randomUUID();
  const baobab = randomUUID();
  const mungongo = randomUUID();

  /** Lines written straight to the table, with chosen times (the API records "now"). */
  const line = (at: string, actorId: string, action: string, subjectId: string, summary: string) =>
    insertAuditEvent(t.app.db, {
      at: new Date(at),
      actorId,
      actorName: actorId === ruth ? 'Ruth Mwiinga' : 'Mulenga Tembo',
      action,
      subjectType: action.split('.')[0],
      subjectId,
      summary,
      before: { status: 'Pending' },
      after: { status: 'Cancelled' },
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t);
    for (let i = 0; i < 25; i += 1) {
      await line(
        `2026-02-01T${String(i % 24).padStart(2, '0')}:00:00Z`,
        ruth,
        'product.updated',
        mungongo,
        `Mungongo Oil: stock ${i} → ${i + 1}`,
      );
    }
    await line(
      '2026-03-01T10:00:00Z',
      ruth,
      'product.created',
      baobab,
      'New product Baobab Oil: price K 120.00, stock 12',
    );
    await line('2026-03-02T10:00:00Z', ruth, 'product.updated', baobab, 'Baobab Oil: price K 120.00 → K 135.00');
    await line(
      '2026-03-03T23:30:00Z',
      mulenga,
      'order.cancelled',
      'order-1',
      'Order 1234abcd (Chipo Banda): Pending → Cancelled',
    );
    await line('2026-03-04T08:00:00Z', mulenga, 'user.admin-granted', 'user-1', 'Made Mutinta Hamoonga an admin');
    await line('2026-03-05T12:00:00Z', ruth, 'settings.updated', 'shop', 'Shop settings: changed 100% of the address');
  });
  afterAll(() => t?.close());

  const summaries = async (query: string) => (await trail.read(`${query}&limit=100`)).events.map((e) => e.summary);

  it('is for admins only: 401 for a visitor, 403 for a customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    const asCustomer = await t.app.inject({ method: 'GET', url: '/api/audit', headers: customer.auth });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ message: 'Not authorized as an admin' });
  });

  it('answers newest first, 20 a page by default, with the total and the number of pages', async () => {
    const first = await trail.read();
    expect(first).toMatchObject({ page: 1, pages: 2, total: 30 });
    expect(first.events).toHaveLength(20);
    expect(first.events[0]).toMatchObject({
      actor: { _id: ruth, name: 'Ruth Mwiinga' },
      action: 'settings.updated',
      subjectType: 'settings',
      subjectId: 'shop',
      at: '2026-03-05T12:00:00.000Z',
      before: { status: 'Pending' },
      after: { status: 'Cancelled' },
    });
    const times = first.events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await trail.read('?page=2');
    expect(second.events).toHaveLength(10);
    expect(new Set([...first.events, ...second.events].map((e) => e._id)).size).toBe(30);
    expect(await trail.read('?page=3')).toMatchObject({ events: [], pages: 2, total: 30 });
    expect(await trail.read('?limit=7&page=5')).toMatchObject({ pages: 5, total: 30 });
    expect((await trail.read('?limit=100')).events).toHaveLength(30);
  });

  it('filters by action or action prefix, kind of subject, subject, admin, dates and words, together', async () => {
    expect((await trail.read('?action=product.updated')).total).toBe(26);
    expect((await trail.read('?action=product.')).total).toBe(27);
    expect(await summaries('?action=order.')).toEqual(['Order 1234abcd (Chipo Banda): Pending → Cancelled']);
    expect((await trail.read('?action=product')).total).toBe(0);
    expect(await summaries('?subjectType=user')).toEqual(['Made Mutinta Hamoonga an admin']);
    expect(await summaries(`?subjectId=${baobab}`)).toEqual([
      'Baobab Oil: price K 120.00 → K 135.00',
      'New product Baobab Oil: price K 120.00, stock 12',
    ]);
    expect((await trail.read(`?actor=${mulenga}`)).total).toBe(2);
    expect((await trail.read(`?actor=${randomUUID()}`)).total).toBe(0);

    // A date is that whole day (UTC); a moment is exact.
    expect((await trail.read('?from=2026-03-03')).total).toBe(3);
    expect((await trail.read('?to=2026-03-03')).total).toBe(28);
    expect(await summaries('?from=2026-03-03&to=2026-03-03')).toEqual([
      'Order 1234abcd (Chipo Banda): Pending → Cancelled',
    ]);
    expect((await trail.read(`?from=${encodeURIComponent('2026-03-04T01:00:00+02:00')}`)).total).toBe(3);
    expect((await trail.read(`?from=${encodeURIComponent('2026-03-04T01:31:00+02:00')}`)).total).toBe(2);
    expect((await trail.read('?to=2026-03-01T10:00:00Z')).total).toBe(26);

    // Words, in any case; % and _ are only themselves.
    expect((await trail.read('?q=BAOBAB')).total).toBe(2);
    expect(await summaries('?q=100%25')).toEqual(['Shop settings: changed 100% of the address']);
    expect((await trail.read('?q=%25%25')).total).toBe(0);
    expect((await trail.read('?q=_')).total).toBe(0);

    expect(await summaries(`?subjectType=product&actor=${ruth}&q=price&from=2026-03-02`)).toEqual([
      'Baobab Oil: price K 120.00 → K 135.00',
    ]);
    expect((await trail.read('?subjectType=&action=&q=&from=&to=&actor=')).total).toBe(30);
  });

  it.each([
    ['action=Product!', 'action must be an action (product.updated) or the start of one ending in a dot (product.)'],
    ['action=product.%25', 'action must be an action (product.updated) or the start of one ending in a dot (product.)'],
    [
      'subjectType=cat',
      'subjectType must be one of product, order, payment, user, settings, delivery, discount, member, payout, return',
    ],
    ['actor=ruth', 'actor must be the id of an admin'],
    ['from=yesterday', 'from must be a date (2026-11-24) or a moment with its time zone (2026-11-24T08:00:00+02:00)'],
    ['to=2026-02-30', 'to must be a date (2026-11-24) or a moment with its time zone (2026-11-24T08:00:00+02:00)'],
    [
      'from=2026-03-01T10:00:00',
      'from must be a date (2026-11-24) or a moment with its time zone (2026-11-24T08:00:00+02:00)',
    ],
    ['from=0000-01-01', 'from must be between 1970 and 9999'],
    ['to=9999-12-31T23:00:00-14:00', 'to must be between 1970 and 9999'],
    ['from=2026-03-05&to=2026-03-01', 'from must not be after to'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['page=0', 'page must be a whole number from 1'],
    [`q=${'x'.repeat(101)}`, 'q is too long (at most 100 characters)'],
    [`subjectId=${'x'.repeat(65)}`, 'subjectId is too long'],
  ])('answers 400 with a message for %s', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: admin.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('has no route that writes: POST, PUT, PATCH and DELETE answer 404 as JSON, even for an admin', async () => {
    const [some] = (await trail.read('?limit=1')).events;
    for (const url of ['/api/audit', `/api/audit/${some._id}`]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url, headers: admin.auth, payload: { summary: 'Nothing happened' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ message: `Not found: ${method} ${url}` });
      }
    }
    expect((await trail.read()).total).toBe(30);
  });

  it('is refused by the database itself: no UPDATE, DELETE or TRUNCATE of a line', async () => {
    const [some] = (await trail.read('?limit=1')).events;
    const refusal = async (work: Promise<unknown>) => {
      const error = await work.then(
        () => null,
        (e: unknown) => e as { message: string; cause?: { message: string } },
      );
      expect(error, 'the statement was refused').not.toBeNull();
      return error!.cause?.message ?? error!.message;
    };
    expect(
      await refusal(
        t.app.db.update(auditEvents).set({ summary: 'Nothing happened' }).where(eq(auditEvents.id, some._id)),
      ),
    ).toBe('audit_events is append-only: UPDATE is not allowed');
    expect(await refusal(t.app.db.delete(auditEvents).where(eq(auditEvents.id, some._id)))).toBe(
      'audit_events is append-only: DELETE is not allowed',
    );
    expect(await refusal(t.app.db.execute(sql`truncate table audit_events`))).toBe(
      'audit_events is append-only: TRUNCATE is not allowed',
    );
    expect((await trail.read('?limit=1')).events[0]).toEqual(some);
    expect((await trail.read()).total).toBe(30);
  });
});
