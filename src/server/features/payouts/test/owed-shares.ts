import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { members, productMakers, products, refunds, shareEntries } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { readZambianMobile, type MobileNetwork } from '../../../../shared/phone-numbers';
import { insertProduct, placeOrderAs } from '../../orders/test/fixtures';

/**
 * Test-only: members and what the shop owes them. An order is placed, paid and delivered through the real
 * order routes, and the shares ledger (features/shares) credits it in the delivery's transaction.
 */

const PREFIX: Record<MobileNetwork, string> = { mtn: '96', airtel: '97', zamtel: '95' };
let numbers = 0;

/** A fresh wallet number on `network`, unique in this test process. */
export function walletOn(network: MobileNetwork): string {
  numbers += 1;
  return `+260${PREFIX[network]}${String(3_000_000 + ((process.pid * 1_000 + numbers) % 6_999_999)).padStart(7, '0')}`;
}

export type MemberRow = typeof members.$inferSelect;

/** A member straight in the database (the members feature's routes are another change's). */
export async function insertMember(
  t: TestApp,
  opts: { name: string; network?: MobileNetwork; mobile?: string; active?: boolean },
): Promise<MemberRow> {
  const mobile = opts.mobile ?? walletOn(opts.network ?? 'mtn');
  const check = readZambianMobile(mobile);
  if (!check.ok) throw new Error(`${mobile}: ${check.message}`);
  const [row] = await t.app.db
    .insert(members)
    .values({
      name: opts.name,
      mobile: check.mobile.e164,
      network: check.mobile.network,
      active: opts.active ?? true,
    })
    .returning();
  return row;
}

/** A product made by these members (parts of the makers' share; percent: the product's own, else the shop's 70). */
export async function madeBy(
  t: TestApp,
  opts: { name: string; price: number; makers: { member: MemberRow; parts?: number }[]; makersPercent?: number },
) {
  const product = await insertProduct(t, { name: opts.name, price: opts.price, countInStock: 10_000 });
  if (opts.makersPercent !== undefined)
    await t.app.db.update(products).set({ makersPercent: opts.makersPercent }).where(eq(products.id, product.id));
  if (opts.makers.length > 0)
    await t.app.db
      .insert(productMakers)
      .values(opts.makers.map((m) => ({ productId: product.id, memberId: m.member.id, parts: m.parts ?? 1 })));
  return product;
}

type Product = Awaited<ReturnType<typeof madeBy>>;
type Auth = { auth: Record<string, string> };

/**
 * An order placed by `customer` through POST /api/orders, marked paid by `admin` (PUT .../pay) and
 * delivered (PUT .../deliver), which credits its shares; `creditedAt` dates the credits (a month's end, for a
 * run's period). Answers the order id and the credits written.
 */
export async function soldAndHandedOver(
  t: TestApp,
  who: { customer: Auth; admin: Auth },
  lines: { product: Product; quantity: number }[],
  opts: { creditedAt?: Date } = {},
) {
  const orderId = await placeOrderAs(
    t,
    who.customer.auth,
    lines.map((l) => ({
      product: l.product.id,
      quantity: l.quantity,
      price: l.product.priceNgwee / 100,
      name: l.product.name,
    })),
  );
  for (const step of ['pay', 'deliver'] as const) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/${step}`,
      headers: who.admin.auth,
      payload: step === 'pay' ? { note: 'Cash at the stall' } : undefined,
    });
    if (res.statusCode !== 200) throw new Error(`${step} answered ${res.statusCode}: ${res.body}`);
  }
  return { orderId, credits: await creditShares(t, orderId, opts.creditedAt) };
}

/** The credits the shares ledger wrote when the order was delivered; `creditedAt` moves them to another time (a month's end). */
async function creditShares(t: TestApp, orderId: string, creditedAt?: Date) {
  if (creditedAt)
    await t.app.db.update(shareEntries).set({ createdAt: creditedAt }).where(eq(shareEntries.orderId, orderId));
  return t.app.db.select().from(shareEntries).where(eq(shareEntries.orderId, orderId));
}

/**
 * A refund by hand of the order after the member was paid, and its debit of her share (payout_id null: carried
 * to her next payout), as the ledger will write it: enough to leave her owed a negative balance.
 */
export async function refundDebit(t: TestApp, opts: { orderId: string; member: MemberRow; amountNgwee: number }) {
  const [refund] = await t.app.db
    .insert(refunds)
    .values({
      orderId: opts.orderId,
      route: 'by-hand',
      reference: randomUUID(),
      amountNgwee: opts.amountNgwee,
      currency: 'ZMW',
      reason: 'Returned item',
      state: 'successful',
      requestedByName: 'Test Admin',
      endedAt: new Date(),
    })
    .returning();
  await t.app.db.insert(shareEntries).values({
    key: `refund:${refund.id}:test:${opts.member.id}`,
    orderId: opts.orderId,
    memberId: opts.member.id,
    kind: 'refund',
    refundId: refund.id,
    productName: 'Returned item',
    amountNgwee: -opts.amountNgwee,
  });
}

/** A member's entries and the payout each is carried by. */
export const entriesOf = (t: TestApp, member: MemberRow) =>
  t.app.db
    .select({ amountNgwee: shareEntries.amountNgwee, payoutId: shareEntries.payoutId, kind: shareEntries.kind })
    .from(shareEntries)
    .where(eq(shareEntries.memberId, member.id));
