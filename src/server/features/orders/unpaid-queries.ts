import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';

/**
 * The SQL of decision 056: what unpaid orders hold (the bounds of a new order) and which of them the shop
 * releases. On the database's clock, as every instance shares it.
 */

/** An unpaid order holds its stock in these statuses (Delivered and Cancelled hold none); the partial indexes' predicate. */
const OPEN_UNPAID = sql.raw(`not o.is_paid and o.status in ('Pending','Processing','Shipped')`);

/**
 * Takes the lock of each holder (an account, a phone number) until the transaction ends, in one statement,
 * in the order of the lock ids, so two orders sharing holders never deadlock. What follows (the count and
 * the order's insert) is then one step for all orders of those holders, on any instance.
 */
export async function lockHolders(tx: Tx, keys: readonly string[]): Promise<void> {
  const given = sql.join(
    keys.map((key) => sql`(${key})`),
    sql`, `,
  );
  // The ORDER BY runs before the select list, so the locks are taken in lock-id order.
  await tx.execute(sql`
    select pg_advisory_xact_lock(id)
    from (select distinct hashtextextended(key, 0) as id from (values ${given}) as holder(key)) as ids
    order by id`);
}

export interface HeldOrder {
  userId: string | null;
  contactMobile: string | null;
  /** The sign-in number of the order's account. */
  ownerMobile: string | null;
  items: number;
}

/**
 * The unpaid open orders of this account, and of these numbers: as the delivery phone, or as the sign-in
 * number of the account that placed them (so accounts sharing a number count together). Each part is read
 * through its own index, then merged.
 */
export async function unpaidOrdersOf(tx: Tx, userId: string, mobiles: readonly string[]): Promise<HeldOrder[]> {
  const numbers = sql.join(
    mobiles.map((mobile) => sql`${mobile}`),
    sql`, `,
  );
  const byNumber =
    mobiles.length === 0
      ? sql``
      : sql`union select o.id from orders o where o.contact_mobile in (${numbers}) and ${OPEN_UNPAID}
            union select o.id from orders o join users u on u.id = o.user_id where u.mobile in (${numbers}) and ${OPEN_UNPAID}`;
  const result = await tx.execute(sql`
    select o.user_id, o.contact_mobile, u.mobile as owner_mobile,
      (select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id)::int as items
    from orders o left join users u on u.id = o.user_id
    where o.id in (select o.id from orders o where o.user_id = ${userId} and ${OPEN_UNPAID} ${byNumber})`);
  return rowsOf<{ user_id: string | null; contact_mobile: string | null; owner_mobile: string | null; items: number }>(
    result,
  ).map((row) => ({
    userId: row.user_id,
    contactMobile: row.contact_mobile,
    ownerMobile: row.owner_mobile,
    items: Number(row.items),
  }));
}

/**
 * Due for release: unpaid, still Pending, past its hold, no payment being read (an attempt live, or ended
 * less than `graceMs` ago: its prompt may still be on the phone) and no transaction id the shopper gave
 * for an admin to check.
 */
const DUE = (graceMs: number) => sql`
  o.unpaid_hold_until is not null and not o.is_paid and o.status = 'Pending'
  and o.unpaid_hold_until <= now()
  and o.payment_reference is null
  and not exists (
    select 1 from payment_attempts a
    where a.order_id = o.id
      and (a.state in ('initiated','pending') or a.ended_at > now() - (${graceMs} * interval '1 millisecond')))`;

export interface DueOrder {
  id: string;
  /** Its hold's end, as the database wrote it (text: read back exactly, for the next page). */
  holdUntil: string;
}

/** Orders due for release, soonest due first; `after` the last one of the previous page. */
export async function ordersDueForRelease(
  db: Db,
  graceMs: number,
  limit: number,
  after: DueOrder | null,
): Promise<DueOrder[]> {
  const next = after
    ? sql`and (o.unpaid_hold_until, o.id) > (${after.holdUntil}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const result = await db.execute(sql`
    select o.id, o.unpaid_hold_until::text as hold_until from orders o
    where ${DUE(graceMs)} ${next}
    order by o.unpaid_hold_until, o.id limit ${limit}`);
  return rowsOf<{ id: string; hold_until: string }>(result).map((row) => ({ id: row.id, holdUntil: row.hold_until }));
}

/** Read again under the order's lock: still due now (another instance, an admin or a payment may have been first). */
export async function isDueForRelease(tx: Tx, orderId: string, graceMs: number): Promise<boolean> {
  const result = await tx.execute(sql`select 1 as due from orders o where o.id = ${orderId} and ${DUE(graceMs)}`);
  return rowsOf(result).length > 0;
}
