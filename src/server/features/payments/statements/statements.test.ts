import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { paymentAttempts, refunds } from '../../../db/schema';
import { rowsOf } from '../../../db/client';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../orders/test/fixtures';
import { insertMember, insertPayout } from '../../reports/test/member-ledger';
import type { PaymentSummary, StatementItem, StatementReconciliation } from '../../../../shared/schemas/statements';

/**
 * POST /api/payments/statements and GET /api/payments/summary over HTTP, on attempts written straight to
 * the database: one of each difference a statement can show, in a past week no poller touches.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
const FAR = new Date(Date.now() + 24 * 3_600_000);
const at = (iso: string) => new Date(iso);
const ref: Record<string, string> = {};
const attemptIds: Record<string, string> = {};

async function attempt(name: string, values: Partial<typeof paymentAttempts.$inferInsert> & { amountNgwee: number }) {
  const order = await insertOrder(t, {
    user: { id: customer.user.id, name: 'Chanda Mwale', email: customer.email },
    total: values.amountNgwee / 100,
  });
  const reference = randomUUID();
  const [row] = await t.app.db
    .insert(paymentAttempts)
    .values({
      orderId: order.id,
      provider: 'mtn',
      reference,
      phone: '+260961234567',
      currency: 'ZMW',
      state: 'successful',
      nextPollAt: FAR,
      expiresAt: at('2026-11-20T08:05:00Z'),
      createdAt: at('2026-11-20T08:00:00Z'),
      ...values,
    })
    .returning();
  ref[name] = reference;
  attemptIds[name] = row.id;
  return row;
}

/** An MTN-like export: a title line, the header, lines, a totals line. */
const statement = () =>
  [
    'Statement of merchant account,,,,,,',
    'Date,Financial Transaction Id,External Transaction Id,From,Amount,Currency,Status',
    `2026-11-20 10:00:12,MP1001,${ref.matched},260961234567,150.00,ZMW,Successful`,
    `21/11/2026 09:30,MP1002,${ref.differs},260961234567,180.00,ZMW,Successful`,
    `2026-11-22 07:15:00,MP1003,${ref.late},260961234567,75.00,ZMW,Successful`,
    '2026-11-22 08:00:00,MP9999,,260969999999,"1,234.50",ZMW,Successful',
    '2026-11-22 08:30:00,MP1005,,260969999999,40.00,ZMW,Failed',
    ',,,,"1,639.50",,',
  ].join('\r\n');

const upload = (body: Record<string, unknown>, auth = admin.auth) =>
  t.app.inject({ method: 'POST', url: '/api/payments/statements', headers: auth, payload: body });
const byCategory = (answer: StatementReconciliation, category: StatementItem['category']) =>
  answer.items.filter((item) => item.category === category);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, name: 'Bwalya Admin' });
  customer = await createUser(t, { name: 'Chanda Mwale' });
  await attempt('matched', {
    amountNgwee: 15_000,
    providerTransactionId: 'MP1001',
    collectedAt: at('2026-11-20T08:00:14Z'),
    endedAt: at('2026-11-20T08:00:14Z'),
  });
  await attempt('differs', {
    amountNgwee: 20_000,
    providerTransactionId: 'MP1002',
    collectedAt: at('2026-11-21T07:30:05Z'),
    endedAt: at('2026-11-21T07:30:05Z'),
  });
  // Ended by the shop before the shopper approved (docs/decisions/029-late-approvals.md): the provider has the money.
  await attempt('late', {
    amountNgwee: 7_500,
    state: 'expired',
    failureReason: 'The payment was not approved in time',
    endedAt: at('2026-11-22T05:10:00Z'),
  });
  await attempt('missing', {
    amountNgwee: 9_900,
    providerTransactionId: 'MP1004',
    collectedAt: at('2026-11-21T12:00:00Z'),
    endedAt: at('2026-11-21T12:00:00Z'),
  });
  // Outside the statement's period, and another provider's: neither is "not on the statement".
  await attempt('later', {
    amountNgwee: 5_000,
    providerTransactionId: 'MP2001',
    collectedAt: at('2026-11-25T09:00:00Z'),
  });
  await attempt('airtel', {
    amountNgwee: 6_000,
    provider: 'airtel',
    phone: '+260971234567',
    providerTransactionId: 'AT1',
    collectedAt: at('2026-11-21T09:00:00Z'),
  });
});
afterAll(() => t.close());

describe('POST /api/payments/statements', () => {
  it("sorts a statement with one of each difference into the four groups, for the statement's own period", async () => {
    const res = await upload({ provider: 'mtn', csv: statement() });
    expect(res.statusCode).toBe(200);
    const answer = res.json<StatementReconciliation>();
    expect({ from: answer.from, to: answer.to }).toEqual({ from: '2026-11-20', to: '2026-11-22' });
    expect(answer.counts).toEqual({ matched: 1, 'amount-differs': 1, 'not-in-shop': 2, 'not-on-statement': 1 });
    expect(answer.columns).toMatchObject({
      transactionId: 'Financial Transaction Id',
      reference: 'External Transaction Id',
      amount: 'Amount',
      phone: 'From',
    });
    expect(answer.skipped).toEqual(
      expect.arrayContaining([
        { why: 'status "Failed"', rows: 1 },
        { why: 'no transaction id (a title or totals line)', rows: 1 },
      ]),
    );

    expect(byCategory(answer, 'matched').map((i) => [i.line?.transactionId, i.attempt?._id])).toEqual([
      ['MP1001', attemptIds.matched],
    ]);
    const [differs] = byCategory(answer, 'amount-differs');
    expect(differs.line).toMatchObject({ row: 4, amountNgwee: 18_000, day: '2026-11-21' });
    expect(differs.attempt).toMatchObject({ _id: attemptIds.differs, amountNgwee: 20_000 });
    expect(differs.why).toMatch(/statement has K.?180\.00, the shop K.?200\.00/);

    const notInShop = byCategory(answer, 'not-in-shop');
    // The late approval is found by our reference, and links to its attempt (and so its order).
    expect(notInShop.map((i) => [i.key, i.attempt?._id ?? null])).toEqual([
      ['MP1003', attemptIds.late],
      ['MP9999', null],
    ]);
    expect(notInShop[0].why).toMatch(/as expired/);
    expect(notInShop[1].line?.amountNgwee).toBe(123_450);

    const [missing] = byCategory(answer, 'not-on-statement');
    expect(missing).toMatchObject({ key: ref.missing, line: null, attempt: { _id: attemptIds.missing } });
  });

  it('changes nothing: the late attempt stays as the shop had it', async () => {
    await upload({ provider: 'mtn', csv: statement() });
    const [late] = await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptIds.late));
    expect({ state: late.state, collectedAt: late.collectedAt, flagged: late.flagged }).toEqual({
      state: 'expired',
      collectedAt: null,
      flagged: false,
    });
  });

  it('reads only the period given: lines outside it are counted as left out', async () => {
    const answer = (
      await upload({ provider: 'mtn', csv: statement(), from: '2026-11-21', to: '2026-11-21' })
    ).json<StatementReconciliation>();
    expect(answer.counts).toEqual({ matched: 0, 'amount-differs': 1, 'not-in-shop': 0, 'not-on-statement': 1 });
    expect(answer.skipped).toContainEqual({ why: 'outside the period', rows: 3 });
  });

  it('keeps "dealt with" on a line, shows it on the next upload, refuses a second note, and writes an audit line', async () => {
    const note = (key: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/payments/statements/notes',
        headers: admin.auth,
        payload: { provider: 'mtn', key, note: 'Sent back by hand from the co-op phone' },
      });
    const first = await note('MP9999');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ note: 'Sent back by hand from the co-op phone', byName: 'Bwalya Admin' });
    expect((await note('MP9999')).statusCode).toBe(409);
    const answer = (await upload({ provider: 'mtn', csv: statement() })).json<StatementReconciliation>();
    expect(answer.items.find((i) => i.key === 'MP9999')?.dealtWith?.note).toBe(
      'Sent back by hand from the co-op phone',
    );
    expect(answer.items.find((i) => i.key === 'MP1003')?.dealtWith).toBeNull();
    const audit = rowsOf<{ summary: string }>(
      await t.app.db.execute(sql`select summary from audit_events where action = 'payment.statement-line-dealt-with'`),
    );
    expect(audit).toEqual([
      { summary: 'MTN MoMo statement line MP9999 marked as dealt with: Sent back by hand from the co-op phone' },
    ]);
  });

  it('reads an Airtel-like export by its own header names, case and spacing free', async () => {
    const csv = [
      'txn id;amount;transaction date;msisdn;reference',
      'AT1;60,00;21-Nov-2026 11:00;260971234567;',
      'AT2;10,00;21-Nov-2026 12:00;260971234567;',
    ].join('\n');
    const answer = (await upload({ provider: 'airtel', csv })).json<StatementReconciliation>();
    expect(answer.counts).toEqual({ matched: 1, 'amount-differs': 0, 'not-in-shop': 1, 'not-on-statement': 0 });
  });

  it.each([
    [
      'no amount column',
      'Date,Transaction ID,Status\n2026-11-20,MP1,Successful\n',
      /no column for the amount: expected one of "Amount"/,
    ],
    ['no transaction id column', 'Date,Amount\n2026-11-20,10.00\n', /no column for the transaction id/],
    // The app refuses NUL in any JSON text before a route sees it; other control characters are the route's to refuse.
    ['NUL bytes', 'Date,Transaction ID,Amount\n2026-11-20,MP\u00001,10.00\n', /NUL/],
    ['the control characters of a workbook', 'PK\u0003\u0004\u0014\u0006binary', /not a CSV text file/],
    ['an unclosed quote', 'Date,Transaction ID,Amount\n2026-11-20,"MP1,10.00\n', /could not be read as CSV/],
    ['an amount that is not one', 'Date,Transaction ID,Amount\n2026-11-20,MP1,ten\n', /Row 2: the amount "ten"/],
    ['a date that is not one', 'Date,Transaction ID,Amount\n31/02/2026,MP1,10.00\n', /Row 2: the date "31\/02\/2026"/],
    ['an empty file', '', /empty/],
  ])('answers 400 to a file with %s', async (_what, csv, message) => {
    const res = await upload({ provider: 'mtn', csv });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers 400 to an unknown provider and a period that ends before it starts', async () => {
    expect((await upload({ provider: 'zamtel', csv: statement() })).statusCode).toBe(400);
    expect((await upload({ provider: 'mtn', csv: statement(), from: '2026-11-22', to: '2026-11-20' })).statusCode).toBe(
      400,
    );
  });
});

describe('admins only', () => {
  it.each([
    ['POST', '/api/payments/statements'],
    ['PUT', '/api/payments/statements/notes'],
    ['GET', '/api/payments/summary'],
    ['GET', '/api/payments/summary.csv'],
  ] as const)('%s %s: 401 to a visitor, 403 to a customer', async (method, url) => {
    const payload =
      method === 'GET' ? undefined : { provider: 'mtn', csv: 'Date,Transaction ID,Amount\n', key: 'x', note: 'y' };
    expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method, url, headers: customer.auth, payload })).statusCode).toBe(403);
  });
});

describe('GET /api/payments/summary', () => {
  beforeAll(async () => {
    const refund = (
      values: Partial<typeof refunds.$inferInsert> & { orderId: string; amountNgwee: number; route: string },
    ) =>
      t.app.db.insert(refunds).values({
        reference: randomUUID(),
        currency: 'ZMW',
        reason: 'Out of stock',
        state: 'successful',
        requestedByName: 'Bwalya Admin',
        ...values,
      });
    const [matched] = await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptIds.matched));
    await refund({
      orderId: matched.orderId,
      attemptId: matched.id,
      route: 'mtn-refund',
      amountNgwee: 5_000,
      endedAt: at('2026-11-21T10:00:00Z'),
    });
    // Sent by hand: no provider's account paid it.
    await refund({
      orderId: matched.orderId,
      attemptId: matched.id,
      route: 'by-hand',
      amountNgwee: 1_000,
      endedAt: at('2026-11-21T10:00:00Z'),
    });
    // Not successful: no money went back.
    await refund({
      orderId: matched.orderId,
      attemptId: matched.id,
      route: 'mtn-refund',
      amountNgwee: 2_000,
      state: 'failed',
      endedAt: at('2026-11-21T10:00:00Z'),
    });
  });

  it('sums collections by the day they were recorded (shop time), refunds a provider sent, and net, per provider', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payments/summary?from=2026-11-20&to=2026-11-22',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const summary = res.json<PaymentSummary>();
    expect(summary.days).toEqual([
      {
        day: '2026-11-21',
        provider: 'airtel',
        method: 'airtel',
        collectedCount: 1,
        collectedNgwee: 6_000,
        refundedCount: 0,
        refundedNgwee: 0,
        netNgwee: 6_000,
      },
      {
        day: '2026-11-21',
        provider: 'mtn',
        method: 'mtn',
        collectedCount: 2,
        collectedNgwee: 29_900,
        refundedCount: 1,
        refundedNgwee: 5_000,
        netNgwee: 24_900,
      },
      {
        day: '2026-11-20',
        provider: 'mtn',
        method: 'mtn',
        collectedCount: 1,
        collectedNgwee: 15_000,
        refundedCount: 0,
        refundedNgwee: 0,
        netNgwee: 15_000,
      },
    ]);
    expect(summary.totals).toEqual([
      {
        provider: 'airtel',
        method: 'airtel',
        collectedCount: 1,
        collectedNgwee: 6_000,
        refundedCount: 0,
        refundedNgwee: 0,
        netNgwee: 6_000,
      },
      {
        provider: 'mtn',
        method: 'mtn',
        collectedCount: 3,
        collectedNgwee: 44_900,
        refundedCount: 1,
        refundedNgwee: 5_000,
        netNgwee: 39_900,
      },
    ]);
  });

  it('gives the same figures as CSV', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payments/summary.csv?from=2026-11-20&to=2026-11-22',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFDay,Provider,Collections,Collected (ZMW),Refunds,Refunded (ZMW),Net (ZMW)',
      '2026-11-21,Airtel Money,1,60.00,0,0.00,60.00',
      '2026-11-21,MTN Mobile Money,2,299.00,1,50.00,249.00',
      '2026-11-20,MTN Mobile Money,1,150.00,0,0.00,150.00',
      'Total,Airtel Money,1,60.00,0,0.00,60.00',
      'Total,MTN Mobile Money,3,449.00,1,50.00,399.00',
      '',
    ]);
  });

  it("splits an aggregator's lines by method: Zamtel Kwacha, cards and MTN through Lenco", async () => {
    await attempt('lenco-zamtel', {
      amountNgwee: 12_000,
      provider: 'lenco',
      phone: '+260951234567',
      collectedAt: at('2026-11-24T09:00:00Z'),
    });
    await attempt('lenco-zamtel-2', {
      amountNgwee: 3_000,
      provider: 'lenco',
      phone: '+260751234567',
      collectedAt: at('2026-11-24T11:00:00Z'),
    });
    await attempt('lenco-card', {
      amountNgwee: 45_000,
      provider: 'lenco',
      phone: '',
      collectedAt: at('2026-11-24T10:00:00Z'),
    });
    // An MTN wallet paid through Lenco (LENCO_METHODS may route MTN) is a third line, not MTN's own.
    await attempt('lenco-mtn', {
      amountNgwee: 2_500,
      provider: 'lenco',
      phone: '+260961234567',
      collectedAt: at('2026-11-24T12:00:00Z'),
    });
    const json = await t.app.inject({
      method: 'GET',
      url: '/api/payments/summary?from=2026-11-24&to=2026-11-24',
      headers: admin.auth,
    });
    expect(json.statusCode).toBe(200);
    const line = (method: string, collectedCount: number, collectedNgwee: number) => ({
      provider: 'lenco',
      method,
      collectedCount,
      collectedNgwee,
      refundedCount: 0,
      refundedNgwee: 0,
      netNgwee: collectedNgwee,
    });
    const summary = json.json<PaymentSummary>();
    expect(summary.days).toEqual([
      { day: '2026-11-24', ...line('mtn', 1, 2_500) },
      { day: '2026-11-24', ...line('zamtel', 2, 15_000) },
      { day: '2026-11-24', ...line('creditCard', 1, 45_000) },
    ]);
    expect(summary.totals).toEqual([line('mtn', 1, 2_500), line('zamtel', 2, 15_000), line('creditCard', 1, 45_000)]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/payments/summary.csv?from=2026-11-24&to=2026-11-24',
      headers: admin.auth,
    });
    expect(csv.body.split('\r\n').slice(1, 4)).toEqual([
      '2026-11-24,MTN Mobile Money through Lenco,1,25.00,0,0.00,25.00',
      '2026-11-24,Zamtel Kwacha through Lenco,2,150.00,0,0.00,150.00',
      '2026-11-24,Credit / Debit Card through Lenco,1,450.00,0,0.00,450.00',
    ]);
  });

  it('refuses more than a year at once', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payments/summary?from=2024-01-01&to=2026-11-22',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 366 days/);
  });
});

/**
 * Money out (docs/decisions/066-member-earnings-reports.md): members' payouts through MTN and Airtel set
 * against the statement's payout lines, in October, away from the collections above.
 */
describe('POST /api/payments/statements: payouts', () => {
  const payoutRef: Record<string, string> = {};
  const payoutIds: Record<string, string> = {};
  let refundReference = '';

  beforeAll(async () => {
    const chipo = await insertMember(t, { name: 'Chipo Banda', mobile: '+260961300001' });
    const mutinta = await insertMember(t, { name: 'Mutinta Hamoonga', mobile: '+260971300002' });
    const payout = async (
      name: string,
      member: typeof chipo,
      amountNgwee: number,
      state: 'successful' | 'failed',
      endedAt: string,
      providerTransactionId?: string,
    ) => {
      const row = await insertPayout(t, {
        member,
        amountNgwee,
        period: '2026-09',
        state,
        createdAt: '2026-10-01T06:00:00Z',
        endedAt,
        providerTransactionId,
      });
      payoutRef[name] = row.reference;
      payoutIds[name] = row.id;
    };
    await payout('matched', chipo, 15_000, 'successful', '2026-10-01T07:00:00Z', 'MT2001');
    await payout('differs', chipo, 20_000, 'successful', '2026-10-02T07:00:00Z');
    await payout('failed', chipo, 30_000, 'failed', '2026-10-02T08:00:00Z');
    await payout('missing', chipo, 9_900, 'successful', '2026-10-03T07:00:00Z');
    await payout('later', chipo, 5_000, 'successful', '2026-10-10T07:00:00Z');
    await payout('airtel', mutinta, 6_000, 'successful', '2026-10-02T07:00:00Z', 'AM5001');
    const [matched] = await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptIds.matched));
    refundReference = randomUUID();
    await t.app.db.insert(refunds).values({
      orderId: matched.orderId,
      attemptId: matched.id,
      route: 'mtn-refund',
      reference: refundReference,
      amountNgwee: 5_000,
      currency: 'ZMW',
      reason: 'Out of stock',
      state: 'successful',
      requestedByName: 'Bwalya Admin',
      endedAt: at('2026-10-02T09:00:00Z'),
    });
  });

  /** An MTN-like disbursement export: money out as negative amounts. */
  const payoutStatement = () =>
    [
      'Date,Financial Transaction Id,External Transaction Id,To,Amount,Currency,Status',
      '2026-10-01 09:00,MT2001,,260961300001,-150.00,ZMW,Successful',
      `2026-10-02 09:00,MT2002,${payoutRef.differs},260961300001,-180.00,ZMW,Successful`,
      `2026-10-02 10:00,MT2003,${payoutRef.failed},260961300001,-300.00,ZMW,Successful`,
      `2026-10-02 11:00,MT2004,${refundReference},260961234567,-50.00,ZMW,Successful`,
      '2026-10-02 12:00,MT9999,,260960000000,-12.00,ZMW,Successful',
      '2026-10-03 08:00,MT2005,MT2001,260961300001,-150.00,ZMW,Successful',
      '2026-10-03 09:00,MT2006,,260961300001,-40.00,ZMW,Failed',
    ].join('\r\n');

  it("sorts the payout lines and the period's payouts into the four groups; refunds are counted apart", async () => {
    const res = await upload({ provider: 'mtn', csv: payoutStatement() });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<StatementReconciliation>();
    expect({ from: answer.from, to: answer.to }).toEqual({ from: '2026-10-01', to: '2026-10-03' });
    expect(answer.counts).toEqual({ matched: 0, 'amount-differs': 0, 'not-in-shop': 0, 'not-on-statement': 0 });
    expect(answer.payouts.counts).toEqual({ matched: 1, 'amount-differs': 1, 'not-in-shop': 3, 'not-on-statement': 1 });
    expect(answer.skipped).toEqual(
      expect.arrayContaining([
        { why: 'status "Failed"', rows: 1 },
        { why: 'a refund to a shopper (not checked here)', rows: 1 },
      ]),
    );
    const group = (category: StatementItem['category']) =>
      answer.payouts.items
        .filter((item) => item.category === category)
        .map((item) => [item.key, item.payout?._id ?? null, item.why]);
    expect(group('matched')).toEqual([['MT2001', payoutIds.matched, 'On both, same amount.']]);
    expect(group('amount-differs')).toEqual([
      ['MT2002', payoutIds.differs, expect.stringMatching(/statement has K.?180\.00 out, the shop paid K.?200\.00/)],
    ]);
    expect(group('not-in-shop')).toEqual([
      ['MT2003', payoutIds.failed, expect.stringMatching(/Chipo Banda for September 2026 as failed.*owed again/)],
      ['MT9999', null, 'Money out that no payout of the shop has this transaction id or reference for.'],
      ['MT2005', payoutIds.matched, expect.stringMatching(/second statement line .* \(first on row 2\)/)],
    ]);
    expect(group('not-on-statement')).toEqual([
      [payoutRef.missing, payoutIds.missing, expect.stringMatching(/Recorded as paid on 2026-10-03/)],
    ]);
    const matched = answer.payouts.items.find((item) => item.category === 'matched');
    expect(matched?.payout).toMatchObject({ memberName: 'Chipo Banda', period: '2026-09', amountNgwee: 15_000 });
  });

  it('finds payouts by reference alone in an export that marks no money out, leaving the rest as money in', async () => {
    const csv = [
      'Date,Transaction ID,Reference,Amount',
      `2026-10-01 09:00,X1001,${payoutRef.matched.toUpperCase()},150.00`,
      '2026-10-01 10:00,X1002,,75.00',
    ].join('\n');
    const answer = (await upload({ provider: 'mtn', csv })).json<StatementReconciliation>();
    expect(answer.payouts.counts).toEqual({ matched: 1, 'amount-differs': 0, 'not-in-shop': 0, 'not-on-statement': 0 });
    expect(answer.counts).toEqual({ matched: 0, 'amount-differs': 0, 'not-in-shop': 1, 'not-on-statement': 0 });
  });

  it("checks Airtel's statement against the Airtel payouts only, and keeps a payout line's note", async () => {
    const csv = [
      'txn id;amount;transaction date',
      'AM5001;-60,00;02-Oct-2026 09:00',
      'AM9999;-1,00;02-Oct-2026 10:00',
    ].join('\n');
    const first = (await upload({ provider: 'airtel', csv })).json<StatementReconciliation>();
    expect(first.payouts.counts).toEqual({ matched: 1, 'amount-differs': 0, 'not-in-shop': 1, 'not-on-statement': 0 });
    const note = await t.app.inject({
      method: 'PUT',
      url: '/api/payments/statements/notes',
      headers: admin.auth,
      payload: { provider: 'airtel', key: 'AM9999', note: 'Airtel fee, charged by the provider' },
    });
    expect(note.statusCode).toBe(200);
    const again = (await upload({ provider: 'airtel', csv })).json<StatementReconciliation>();
    expect(again.payouts.items.find((item) => item.key === 'AM9999')?.dealtWith?.note).toBe(
      'Airtel fee, charged by the provider',
    );
  });
});
