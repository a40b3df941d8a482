import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { members, orderItems, payouts, shareEntries } from '../../db/schema';
import { SHOP_TIME_ZONE } from '../../../shared/shop-time';

/**
 * The shares ledger as payouts read and mark it (docs/decisions/064-member-payouts.md): what each member is
 * owed (her entries no payout carries), and which payout carries which entries. Entries are written by the
 * shares ledger (features/shares); payouts only set and clear payout_id.
 */
type Queryable = Db | Tx;

export interface OwedEntry {
  id: string;
  memberId: string;
  orderId: string;
  kind: string;
  productName: string;
  quantity: number;
  amountNgwee: number;
}

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);

/** The first instant after the shop-time month `period` (YYYY-MM): shares credited before it are owed for it. */
const endOfPeriod = (period: string) => sql`((${`${period}-01`})::timestamp + interval '1 month') at time zone ${zone}`;

/**
 * Every member's entries that no payout carries, credited before the end of `period`, locked FOR UPDATE:
 * a run attaches exactly these rows by id, so an entry the ledger writes meanwhile is in no payout (the
 * next run takes it), and a second run waiting on the lock finds them carried and skips them.
 */
export async function lockOwedEntries(tx: Tx, period: string): Promise<OwedEntry[]> {
  return tx
    .select({
      id: shareEntries.id,
      memberId: sql<string>`${shareEntries.memberId}`,
      orderId: shareEntries.orderId,
      kind: shareEntries.kind,
      productName: shareEntries.productName,
      quantity: shareEntries.quantity,
      amountNgwee: shareEntries.amountNgwee,
    })
    .from(shareEntries)
    .where(
      and(
        isNotNull(shareEntries.memberId),
        isNull(shareEntries.payoutId),
        sql`${shareEntries.createdAt} < ${endOfPeriod(period)}`,
      ),
    )
    .orderBy(asc(shareEntries.createdAt), asc(shareEntries.id))
    .for('update');
}

export type MemberRow = Pick<typeof members.$inferSelect, 'id' | 'name' | 'mobile' | 'network'>;

export function membersByIds(tx: Queryable, ids: string[]): Promise<MemberRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: members.id, name: members.name, mobile: members.mobile, network: members.network })
    .from(members)
    .where(inArray(members.id, ids));
}

/** Members with a payout proposed, approved or on its way: her shares are in exactly one (payouts_one_live_per_member). */
export async function membersWithLivePayouts(tx: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ memberId: payouts.memberId })
    .from(payouts)
    .where(and(inArray(payouts.memberId, ids), inArray(payouts.state, ['proposed', 'approved', 'sent'])));
  return new Set(rows.map((r) => r.memberId));
}

/** Marks the entries as carried by the payout. */
export async function attachEntries(tx: Tx, payoutId: string, entryIds: string[]): Promise<void> {
  if (entryIds.length === 0) return;
  await tx
    .update(shareEntries)
    .set({ payoutId })
    .where(and(inArray(shareEntries.id, entryIds), isNull(shareEntries.payoutId)));
}

/** A payout that failed or was cancelled carries nothing: its member is owed those entries again. */
export async function releaseEntries(tx: Tx, payoutIds: string[]): Promise<void> {
  if (payoutIds.length === 0) return;
  await tx.update(shareEntries).set({ payoutId: null }).where(inArray(shareEntries.payoutId, payoutIds));
}

export interface PayoutEntryRow {
  payoutId: string;
  orderId: string;
  kind: string;
  productName: string;
  quantity: number;
  amountNgwee: number;
}

/** The entries each payout carries, oldest first (its lines). */
export async function entriesOfPayouts(db: Queryable, payoutIds: string[]): Promise<PayoutEntryRow[]> {
  if (payoutIds.length === 0) return [];
  return (
    db
      .select({
        payoutId: sql<string>`${shareEntries.payoutId}`,
        orderId: shareEntries.orderId,
        kind: shareEntries.kind,
        productName: shareEntries.productName,
        quantity: shareEntries.quantity,
        amountNgwee: shareEntries.amountNgwee,
      })
      .from(shareEntries)
      .leftJoin(orderItems, eq(orderItems.id, shareEntries.orderItemId))
      .where(inArray(shareEntries.payoutId, payoutIds))
      // An order's entries are credited together: its lines in the order's own order.
      .orderBy(asc(shareEntries.createdAt), asc(shareEntries.orderId), asc(orderItems.position), asc(shareEntries.id))
  );
}

/** The sale entries of one payout: what its member's text lists. */
export function saleEntriesOfPayout(tx: Queryable, payoutId: string) {
  return tx
    .select({ productName: shareEntries.productName, quantity: shareEntries.quantity })
    .from(shareEntries)
    .where(and(eq(shareEntries.payoutId, payoutId), eq(shareEntries.kind, 'sale')));
}
