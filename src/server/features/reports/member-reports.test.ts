import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopMonthOf } from '../../../shared/shop-time';
import type { MemberMonthReport, MyEarnings } from '../../../shared/schemas/member-reports';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { MEMBERS_HEADER } from './member-report';
import { fetchCsv } from './test/fixtures';
import { confirmMobile, credit, insertMember, insertPayout, refundDebit } from './test/member-ledger';

/**
 * GET /reports/members(.csv) and GET /me/earnings on one ledger: March 2026 in Lusaka, with entries and
 * payouts just either side of its ends, and this month's rows for the member's own view.
 */
const HOSTILE_NAME = '=HYPERLINK("http://evil.example","Click me")';
const WALLETS = {
  chipo: '+260961000001',
  mutinta: '+260971000002',
  bupe: '+260961000003',
  hostile: '+260961000004',
  later: '+260961000005',
  gone: '+260961000006',
};

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
const ids: Record<string, string> = {};
const now = new Date();
const thisMonth = shopMonthOf(now);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { isAdmin: true, name: 'Treasurer Admin' });
  const chipo = await insertMember(t, { name: 'Chipo Banda', mobile: WALLETS.chipo });
  const mutinta = await insertMember(t, { name: 'Mutinta Hamoonga', mobile: WALLETS.mutinta });
  const bupe = await insertMember(t, { name: 'Bupe Mwansa', mobile: WALLETS.bupe, active: false });
  const hostile = await insertMember(t, { name: HOSTILE_NAME, mobile: WALLETS.hostile });
  await insertMember(t, { name: 'Later Member', mobile: WALLETS.later, createdAt: new Date('2026-04-02T08:00:00Z') });
  await insertMember(t, { name: 'Gone Member', mobile: WALLETS.gone, active: false });
  Object.assign(ids, { chipo: chipo.id, mutinta: mutinta.id, bupe: bupe.id, hostile: hostile.id });

  // 23:59 on 28 February in Lusaka: February's. 00:30 on 1 March in Lusaka (28 February in UTC): March's.
  await credit(t, { memberId: chipo.id, amountNgwee: 10_000, at: '2026-02-28T21:59:00Z' });
  await credit(t, { memberId: chipo.id, amountNgwee: 20_000, at: '2026-02-28T22:30:00Z' });
  await credit(t, { memberId: chipo.id, amountNgwee: 5_000, at: '2026-03-15T10:00:00Z' });
  await credit(t, { memberId: mutinta.id, amountNgwee: 7_000, at: '2026-03-15T10:00:00Z' });
  await credit(t, { memberId: null, amountNgwee: 8_000, at: '2026-03-15T10:00:00Z' });
  await credit(t, { memberId: null, kind: 'delivery', amountNgwee: 7_500, at: '2026-03-15T10:00:00Z' });
  await refundDebit(t, { memberId: chipo.id, takenNgwee: 1_500, at: '2026-03-20T09:00:00Z' });
  await refundDebit(t, { memberId: null, takenNgwee: 500, at: '2026-03-20T09:00:00Z' });
  // 00:30 on 1 April in Lusaka: April's.
  await credit(t, { memberId: mutinta.id, amountNgwee: 3_000, at: '2026-03-31T22:30:00Z' });
  await credit(t, { memberId: bupe.id, amountNgwee: 4_000, at: '2026-01-10T10:00:00Z' });

  await insertPayout(t, {
    member: chipo,
    amountNgwee: 10_000,
    period: '2026-02',
    state: 'successful',
    createdAt: '2026-03-05T06:00:00Z',
    endedAt: '2026-03-05T06:01:00Z',
  });
  // Failed: her shares stay owed, and nothing is paid out.
  await insertPayout(t, {
    member: chipo,
    amountNgwee: 23_500,
    period: '2026-03',
    state: 'failed',
    createdAt: '2026-03-31T20:00:00Z',
    endedAt: '2026-03-31T21:00:00Z',
  });
  await insertPayout(t, {
    member: bupe,
    amountNgwee: 4_000,
    period: '2026-02',
    state: 'successful',
    createdAt: '2026-03-05T06:00:00Z',
    endedAt: '2026-03-05T06:02:00Z',
  });
  // Ended at 00:30 on 1 April in Lusaka: paid out in April, so still owed at March's end.
  await insertPayout(t, {
    member: mutinta,
    amountNgwee: 7_000,
    period: '2026-03',
    state: 'successful',
    createdAt: '2026-03-31T20:00:00Z',
    endedAt: '2026-03-31T22:30:00Z',
  });

  // This month, for the member's own view.
  await credit(t, { memberId: chipo.id, amountNgwee: 1_200, at: now });
  await insertPayout(t, {
    member: chipo,
    amountNgwee: 500,
    period: '2026-04',
    state: 'cancelled',
    createdAt: new Date(now.getTime() - 60_000),
  });
  await insertPayout(t, {
    member: chipo,
    amountNgwee: 23_500,
    period: '2026-04',
    state: 'sent',
    createdAt: now,
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/reports/members', () => {
  it("gives each member's month in Lusaka: earned, taken back, net, paid out, owed at its end; the fund; totals", async () => {
    const res = await get('/api/reports/members?month=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<MemberMonthReport>();
    expect(report.month).toBe('2026-03');
    expect(report.timeZone).toBe('Africa/Lusaka');
    const line = (memberId: string, name: string, active: boolean, figures: number[]) => {
      const [earnedNgwee, takenBackNgwee, netNgwee, paidOutNgwee, owedNgwee] = figures;
      return { memberId, name, active, earnedNgwee, takenBackNgwee, netNgwee, paidOutNgwee, owedNgwee };
    };
    // By name; the inactive member with a payout is listed, the one with nothing and the later member are not.
    expect(report.members).toEqual([
      line(ids.hostile, HOSTILE_NAME, true, [0, 0, 0, 0, 0]),
      line(ids.bupe, 'Bupe Mwansa', false, [0, 0, 0, 4_000, 0]),
      // 10,000 (February) + 20,000 + 5,000 - 1,500 earned to March's end, less the 10,000 paid.
      line(ids.chipo, 'Chipo Banda', true, [25_000, 1_500, 23_500, 10_000, 23_500]),
      line(ids.mutinta, 'Mutinta Hamoonga', true, [7_000, 0, 7_000, 0, 7_000]),
    ]);
    expect(report.fund).toEqual({ saleNgwee: 8_000, deliveryNgwee: 7_500, takenBackNgwee: 500, netNgwee: 15_000 });
    expect(report.totals).toEqual({
      members: {
        earnedNgwee: 32_000,
        takenBackNgwee: 1_500,
        netNgwee: 30_500,
        paidOutNgwee: 14_000,
        owedNgwee: 30_500,
      },
      allShares: { saleNgwee: 40_000, deliveryNgwee: 7_500, takenBackNgwee: 2_000, netNgwee: 45_500 },
    });
  });

  it('counts a payout in the month it ended, and the first minutes of a month in that month', async () => {
    const april = (await get('/api/reports/members?month=2026-04')).json<MemberMonthReport>();
    const mutinta = april.members.find((m) => m.memberId === ids.mutinta)!;
    expect(mutinta).toMatchObject({ earnedNgwee: 3_000, paidOutNgwee: 7_000, owedNgwee: 3_000 });
    expect(april.members.map((m) => m.name)).toContain('Later Member');
    expect(april.members.map((m) => m.name)).not.toContain('Bupe Mwansa');
    const february = (await get('/api/reports/members?month=2026-02')).json<MemberMonthReport>();
    expect(february.members.find((m) => m.memberId === ids.chipo)).toMatchObject({
      earnedNgwee: 10_000,
      owedNgwee: 10_000,
    });
    expect(february.members.find((m) => m.memberId === ids.bupe)).toMatchObject({ owedNgwee: 4_000 });
  });

  it('writes the same as CSV: text cells guarded, money as plain numbers, the fund and totals last', async () => {
    const { res, header, data } = await fetchCsv(t, '/api/reports/members.csv?month=2026-03', admin.auth);
    expect(res.headers['content-disposition']).toBe('attachment; filename="member-shares-2026-03.csv"');
    expect(header).toEqual([...MEMBERS_HEADER]);
    expect(data).toEqual([
      ['2026-03', 'Member', `'${HOSTILE_NAME}`, ids.hostile, '0.00', '', '0.00', '0.00', '0.00', '0.00'],
      ['2026-03', 'Member', 'Bupe Mwansa', ids.bupe, '0.00', '', '0.00', '0.00', '40.00', '0.00'],
      ['2026-03', 'Member', 'Chipo Banda', ids.chipo, '250.00', '', '15.00', '235.00', '100.00', '235.00'],
      ['2026-03', 'Member', 'Mutinta Hamoonga', ids.mutinta, '70.00', '', '0.00', '70.00', '0.00', '70.00'],
      ['2026-03', 'Fund', 'Co-op fund', '', '80.00', '75.00', '5.00', '150.00', '', ''],
      ['2026-03', 'Total', 'All members', '', '320.00', '', '15.00', '305.00', '140.00', '305.00'],
      ['2026-03', 'Total', 'All shares (members and fund)', '', '400.00', '75.00', '20.00', '455.00', '', ''],
    ]);
  });

  it.each([
    ['?month=2026-13', 'The month must be written YYYY-MM (e.g. 2026-11)'],
    ['?month=March', 'The month must be written YYYY-MM (e.g. 2026-11)'],
  ])('answers 400 to members%s', async (query, message) => {
    for (const path of ['/api/reports/members', '/api/reports/members.csv']) {
      const res = await get(`${path}${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('is for admins only', async () => {
    const customer = await createUser(t);
    expect((await get('/api/reports/members?month=2026-03', customer.auth)).statusCode).toBe(403);
    expect((await get('/api/reports/members.csv?month=2026-03', {})).statusCode).toBe(401);
  });
});

describe('GET /api/me/earnings', () => {
  const signedInWith = async (mobile: string | null, opts: { isAdmin?: boolean } = {}) => {
    const user = await createUser(t, opts);
    if (mobile) await confirmMobile(t, user.user.id, mobile);
    return user.auth;
  };

  it('gives the member her balance, this month and her last payouts, newest first, without cancelled ones', async () => {
    const res = await get('/api/me/earnings', await signedInWith(WALLETS.chipo));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MyEarnings>()).toEqual({
      name: 'Chipo Banda',
      // 35,000 - 1,500 + 1,200 credited in all, 10,000 paid; the payout on its way is still owed.
      owedNgwee: 24_700,
      month: thisMonth,
      earnedThisMonthNgwee: 1_200,
      payouts: [
        { amountNgwee: 23_500, month: '2026-04', state: 'sending', at: now.toISOString() },
        { amountNgwee: 23_500, month: '2026-03', state: 'failed', at: '2026-03-31T21:00:00.000Z' },
        { amountNgwee: 10_000, month: '2026-02', state: 'paid', at: '2026-03-05T06:01:00.000Z' },
      ],
    });
  });

  it("shows another member only her own, whatever the request names: no other member's name, id or figure", async () => {
    const auth = await signedInWith(WALLETS.mutinta);
    for (const url of [
      '/api/me/earnings',
      `/api/me/earnings?memberId=${ids.chipo}`,
      `/api/me/earnings?mobile=${encodeURIComponent(WALLETS.chipo)}`,
    ]) {
      const res = await get(url, auth);
      expect(res.statusCode, url).toBe(200);
      expect(res.json<MyEarnings>(), url).toEqual({
        name: 'Mutinta Hamoonga',
        owedNgwee: 3_000,
        month: thisMonth,
        earnedThisMonthNgwee: 0,
        payouts: [{ amountNgwee: 7_000, month: '2026-03', state: 'paid', at: '2026-03-31T22:30:00.000Z' }],
      });
      for (const other of ['Chipo', ids.chipo, ids.mutinta, WALLETS.chipo, '24700', '23500'])
        expect(res.body, url).not.toContain(other);
    }
  });

  it("answers 404 to anyone whose confirmed sign-in number is no active member's wallet", async () => {
    const contactOnly = await createUser(t);
    // A typed contact number is not proof: only the confirmed sign-in number is.
    const typed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: contactOnly.auth,
      payload: { phone: '0961000001' },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const cases = {
      'no sign-in number': await signedInWith(null),
      'not a member': await signedInWith('+260961999999'),
      'an inactive member': await signedInWith(WALLETS.bupe),
      'an admin without a number': admin.auth,
      'a contact number only': contactOnly.auth,
    };
    for (const [who, auth] of Object.entries(cases)) {
      const res = await get('/api/me/earnings', auth);
      expect(res.statusCode, who).toBe(404);
      expect(res.json(), who).toEqual({ message: 'No co-op member uses this number' });
    }
    expect((await get('/api/me/earnings', {})).statusCode).toBe(401);
  });
});
