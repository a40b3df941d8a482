import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { credit, insertMember, insertPayout, refundDebit } from '../reports/test/member-ledger';
import { Caller } from './test/ussd-phone';
import { TEST_USSD } from './test/ussd-shop';

/**
 * "My earnings" over the callback as Africa's Talking drives it (Caller checks every answer: 200,
 * text/plain, CON/END, 160 characters at most). The menu offers it only to the number of an active member.
 */
let t: TestApp;
const WALLETS = {
  chipo: '+260961300001',
  mutinta: '+260971300002',
  carried: '+260961300003',
  leaving: '+260961300004',
  stranger: '+260961300009',
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ ussd: { ...TEST_USSD } });
  const chipo = await insertMember(t, { name: 'Chipo Banda', mobile: WALLETS.chipo });
  const mutinta = await insertMember(t, { name: 'Mutinta Hamoonga', mobile: WALLETS.mutinta });
  const carried = await insertMember(t, { name: 'Bupe Mwansa', mobile: WALLETS.carried });
  const leaving = await insertMember(t, { name: 'Leaving Member', mobile: WALLETS.leaving });
  Object.assign(ids, { chipo: chipo.id, leaving: leaving.id });

  await credit(t, { memberId: chipo.id, amountNgwee: 1_234_567, at: '2026-01-10T10:00:00Z' });
  const payout = (
    member: typeof chipo,
    amountNgwee: number,
    period: string,
    state: 'sent' | 'successful' | 'failed' | 'cancelled',
  ) =>
    insertPayout(t, {
      member,
      amountNgwee,
      period,
      state,
      createdAt: `${period}-28T08:00:00Z`,
      ...(state === 'successful' || state === 'failed' ? { endedAt: `${period}-28T08:05:00Z` } : {}),
    });
  // Four payouts and a cancelled one: the screen shows the newest three that were not cancelled.
  await payout(chipo, 100_000, '2026-01', 'successful');
  await payout(chipo, 200_000, '2026-02', 'successful');
  await payout(chipo, 300_000, '2026-03', 'failed');
  await payout(chipo, 50, '2026-04', 'cancelled');
  await payout(chipo, 934_567, '2026-04', 'sent');

  await credit(t, { memberId: mutinta.id, amountNgwee: 4_200, at: '2026-03-10T10:00:00Z' });

  // Paid, then a refund took 15.00 back: carried to her next payout.
  await credit(t, { memberId: carried.id, amountNgwee: 10_000, at: '2026-02-10T10:00:00Z' });
  await payout(carried, 10_000, '2026-02', 'successful');
  await refundDebit(t, { memberId: carried.id, takenNgwee: 1_500, at: '2026-03-10T10:00:00Z' });
});
afterAll(() => t.close());

const lines = (screen: string) => screen.split('\n');

describe('USSD "My earnings"', () => {
  it("is the first menu's last entry for a member, with her balance and last three payouts", async () => {
    const caller = new Caller(t.app, WALLETS.chipo);
    const welcome = await caller.dial();
    expect(lines(welcome).slice(1)).toEqual(['1. Shop', '2. My orders', '3. Help', '4. My earnings']);
    const screen = await caller.choose('My earnings');
    // 12,345.67 credited less 3,000.00 paid; the payout on its way is still owed.
    expect(screen).toBe(
      [
        'CON Owed to you: K9,345.67',
        'K9,345.67 for Apr 2026: on its way',
        'K3,000.00 for Mar 2026: failed',
        'K2,000.00 for Feb 2026: paid',
        '0. Back',
      ].join('\n'),
    );
    expect(await caller.press('0')).toBe(welcome);
  });

  it('shows each member only her own', async () => {
    const mutinta = new Caller(t.app, WALLETS.mutinta);
    await mutinta.dial();
    expect(await mutinta.choose('My earnings')).toBe('CON Owed to you: K42.00\nNo payouts yet.\n0. Back');
    const carried = new Caller(t.app, WALLETS.carried);
    await carried.dial();
    expect(await carried.choose('My earnings')).toBe(
      'CON Refunds to take from your next payout: K15.00\nK100.00 for Feb 2026: paid\n0. Back',
    );
  });

  it('is not offered to a caller who is no member, and its number is an invalid choice like any other', async () => {
    const stranger = new Caller(t.app, WALLETS.stranger);
    const welcome = await stranger.dial();
    expect(welcome).not.toContain('My earnings');
    expect(lines(welcome).slice(1)).toEqual(['1. Shop', '2. My orders', '3. Help']);
    const asMember = await stranger.press('4');
    const other = new Caller(t.app, WALLETS.stranger);
    await other.dial();
    expect(await other.press('7')).toBe(asMember);
    expect(asMember).toBe('CON Invalid choice. Try again.\n1. Shop\n2. My orders\n3. Help');
  });

  it('is gone, answered as an invalid choice, once the member is made inactive during her session', async () => {
    const caller = new Caller(t.app, WALLETS.leaving);
    expect(await caller.dial()).toContain('4. My earnings');
    await t.app.db.update(members).set({ active: false }).where(eq(members.id, ids.leaving));
    expect(await caller.press('4')).toBe('CON Invalid choice. Try again.\n1. Shop\n2. My orders\n3. Help');
    expect(await caller.redial()).not.toContain('My earnings');
  });
});
