import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { members, payoutRuns, payouts, refunds, shareEntries, users } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { readZambianMobile } from '../../../../shared/phone-numbers';
import { insertOrder } from '../../orders/test/fixtures';

/**
 * Rows of the shares ledger and of payouts, written straight to the tables as weeks of use would leave
 * them, for the tests of what members and the treasurer read. The writers are other features' (the ledger:
 * features/shares, credited when an order is paid and handed over, debited by refunds; payouts:
 * features/payouts, proposed, approved, sent and read through the simulators). Once they are on main, a
 * test that wants the whole path can make its rows through them instead: these helpers keep to the
 * columns those writers fill, so a reader test does not change when it switches.
 */

const orderOfApp = new WeakMap<TestApp, Promise<string>>();

/** One paid order per test app that the entries hang on (share_entries.order_id must name an order). */
function ledgerOrder(t: TestApp): Promise<string> {
  let order = orderOfApp.get(t);
  if (!order) {
    order = insertOrder(t, { user: null, total: 1_000, isPaid: true, status: 'Delivered' }).then((o) => o.id);
    orderOfApp.set(t, order);
  }
  return order;
}

export async function insertMember(
  t: TestApp,
  opts: { name: string; mobile: string; active?: boolean; createdAt?: Date },
): Promise<typeof members.$inferSelect> {
  const found = readZambianMobile(opts.mobile);
  if (!found.ok) throw new Error(`not a Zambian mobile: ${opts.mobile}`);
  const [row] = await t.app.db
    .insert(members)
    .values({
      name: opts.name,
      role: 'Maker',
      mobile: found.mobile.e164,
      network: found.mobile.network,
      active: opts.active ?? true,
      createdAt: opts.createdAt ?? new Date('2026-01-01T00:00:00Z'),
    })
    .returning();
  return row;
}

/** A credit: a member's (memberId) or the fund's (null) share of a sale, or the fund's delivery fee. */
export async function credit(
  t: TestApp,
  opts: {
    memberId: string | null;
    amountNgwee: number;
    at: string | Date;
    kind?: 'sale' | 'delivery';
    productName?: string;
    quantity?: number;
  },
) {
  const kind = opts.kind ?? 'sale';
  const [row] = await t.app.db
    .insert(shareEntries)
    .values({
      key: `${kind}:${randomUUID()}:${opts.memberId ?? 'fund'}`,
      orderId: await ledgerOrder(t),
      orderItemId: kind === 'sale' ? randomUUID() : null,
      memberId: opts.memberId,
      kind,
      productName: opts.productName ?? (kind === 'sale' ? 'Mukwa shea butter' : ''),
      quantity: opts.quantity ?? (kind === 'sale' ? 1 : 0),
      amountNgwee: opts.amountNgwee,
      createdAt: new Date(opts.at),
    })
    .returning();
  return row;
}

/** A refund that reached the shopper, and the debit it took from one share (takenNgwee > 0). */
export async function refundDebit(
  t: TestApp,
  opts: { memberId: string | null; takenNgwee: number; at: string | Date },
) {
  const at = new Date(opts.at);
  const orderId = await ledgerOrder(t);
  const [refund] = await t.app.db
    .insert(refunds)
    .values({
      orderId,
      route: 'by-hand',
      reference: randomUUID(),
      amountNgwee: opts.takenNgwee,
      currency: 'ZMW',
      reason: 'Returned item',
      state: 'successful',
      requestedByName: 'Test Admin',
      createdAt: at,
      endedAt: at,
    })
    .returning();
  const [row] = await t.app.db
    .insert(shareEntries)
    .values({
      key: `refund:${refund.id}:${randomUUID()}:${opts.memberId ?? 'fund'}`,
      orderId,
      memberId: opts.memberId,
      kind: 'refund',
      refundId: refund.id,
      amountNgwee: -opts.takenNgwee,
      createdAt: at,
    })
    .returning();
  return row;
}

const ROUTE_OF = { mtn: 'mtn-transfer', airtel: 'airtel-disbursement', zamtel: 'lenco-transfer' } as const;

/**
 * A payout of a run for `period`, in the given state; ended (successful or failed) at `endedAt`. The run is
 * approved unless the payout is still proposed. The route follows the member's network unless given.
 */
export async function insertPayout(
  t: TestApp,
  opts: {
    member: typeof members.$inferSelect;
    amountNgwee: number;
    period: string;
    state: 'proposed' | 'approved' | 'sent' | 'successful' | 'failed' | 'cancelled';
    createdAt: string | Date;
    endedAt?: string | Date;
    route?: 'mtn-transfer' | 'airtel-disbursement' | 'lenco-transfer' | 'by-hand';
    providerTransactionId?: string;
    currency?: string;
  },
) {
  const createdAt = new Date(opts.createdAt);
  const [run] = await t.app.db
    .insert(payoutRuns)
    .values({
      period: opts.period,
      trigger: 'admin',
      state: opts.state === 'proposed' ? 'proposed' : opts.state === 'cancelled' ? 'cancelled' : 'approved',
      proposedByName: 'Bwalya Admin',
      approvedByName: opts.state === 'proposed' ? null : 'Chanda Admin',
      createdAt,
    })
    .returning();
  const [row] = await t.app.db
    .insert(payouts)
    .values({
      runId: run.id,
      memberId: opts.member.id,
      mobile: opts.member.mobile,
      network: opts.member.network,
      route: opts.route ?? ROUTE_OF[opts.member.network as keyof typeof ROUTE_OF],
      reference: randomUUID(),
      amountNgwee: opts.amountNgwee,
      currency: opts.currency ?? 'ZMW',
      state: opts.state,
      summary: 'Mukwa shea butter',
      providerTransactionId: opts.providerTransactionId ?? null,
      failureReason: opts.state === 'failed' ? 'NOT_ENOUGH_FUNDS' : null,
      sendCount: ['proposed', 'approved', 'cancelled'].includes(opts.state) ? 0 : 1,
      nextPollAt: new Date(Date.now() + 24 * 3_600_000),
      createdAt,
      updatedAt: createdAt,
      endedAt: opts.endedAt ? new Date(opts.endedAt) : null,
    })
    .returning();
  return row;
}

/** The account signs in with this confirmed number (as the sign-in code would have set it). */
export async function confirmMobile(t: TestApp, userId: string, mobile: string) {
  await t.app.db.update(users).set({ mobile }).where(eq(users.id, userId));
}
