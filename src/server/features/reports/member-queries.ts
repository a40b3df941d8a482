import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { SHOP_TIME_ZONE } from '../../../shared/shop-time';

/**
 * The shares ledger and the payouts, read for the members' reports and a member's own view
 * (docs/decisions/066-member-earnings-reports.md). The ledger is written by the shares feature and the
 * payouts by the payouts feature; these only read their tables.
 */

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);

/** The first instant of 'YYYY-MM' on the shop's clock, and the first instant after it. */
const monthStart = (month: string): SQL => sql`(${`${month}-01`}::date)::timestamp at time zone ${zone}`;
const monthEnd = (month: string): SQL => sql`((${`${month}-01`}::date) + interval '1 month') at time zone ${zone}`;

const int = (value: unknown) => Number(value ?? 0);

export interface MemberMonthRow {
  memberId: string;
  name: string;
  active: boolean;
  earnedNgwee: number;
  takenBackNgwee: number;
  paidOutNgwee: number;
  owedNgwee: number;
}

/**
 * Each member's month: sale credits and refund debits made in it, payouts ended successful in it, and what
 * she was owed at its end (her ledger up to the end less her payouts paid by then). Active members who
 * existed by then are listed even with nothing; any other member only when she has a figure.
 */
export async function membersOfMonth(db: Db, month: string): Promise<MemberMonthRow[]> {
  const result = await db.execute(sql`
    with ledger as (
      select e.member_id,
             coalesce(sum(e.amount_ngwee) filter (where e.kind = 'sale' and e.created_at >= ${monthStart(month)}), 0) as earned,
             coalesce(-sum(e.amount_ngwee) filter (where e.kind = 'refund' and e.created_at >= ${monthStart(month)}), 0) as taken_back,
             sum(e.amount_ngwee) as to_end
      from share_entries e
      where e.member_id is not null and e.created_at < ${monthEnd(month)}
      group by e.member_id
    ), paid as (
      select p.member_id,
             coalesce(sum(p.amount_ngwee) filter (where p.ended_at >= ${monthStart(month)}), 0) as paid_out,
             sum(p.amount_ngwee) as to_end
      from payouts p
      where p.state = 'successful' and p.ended_at < ${monthEnd(month)}
      group by p.member_id
    )
    select m.id, m.name, m.active,
           coalesce(l.earned, 0) as earned, coalesce(l.taken_back, 0) as taken_back,
           coalesce(p.paid_out, 0) as paid_out, coalesce(l.to_end, 0) - coalesce(p.to_end, 0) as owed
    from members m
    left join ledger l on l.member_id = m.id
    left join paid p on p.member_id = m.id
    where (m.active and m.created_at < ${monthEnd(month)})
       or coalesce(l.earned, 0) <> 0 or coalesce(l.taken_back, 0) <> 0 or coalesce(p.paid_out, 0) <> 0
       or coalesce(l.to_end, 0) - coalesce(p.to_end, 0) <> 0
    order by m.name, m.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    memberId: r.id as string,
    name: r.name as string,
    active: Boolean(r.active),
    earnedNgwee: int(r.earned),
    takenBackNgwee: int(r.taken_back),
    paidOutNgwee: int(r.paid_out),
    owedNgwee: int(r.owed),
  }));
}

export interface FundMonthRow {
  saleNgwee: number;
  deliveryNgwee: number;
  takenBackNgwee: number;
}

/** The co-op fund's entries made in the month, by kind. */
export async function fundOfMonth(db: Db, month: string): Promise<FundMonthRow> {
  const result = await db.execute(sql`
    select coalesce(sum(amount_ngwee) filter (where kind = 'sale'), 0) as sale,
           coalesce(sum(amount_ngwee) filter (where kind = 'delivery'), 0) as delivery,
           coalesce(-sum(amount_ngwee) filter (where kind = 'refund'), 0) as taken_back
    from share_entries
    where member_id is null and created_at >= ${monthStart(month)} and created_at < ${monthEnd(month)}`);
  const r = rowsOf<Record<string, unknown>>(result)[0];
  return { saleNgwee: int(r.sale), deliveryNgwee: int(r.delivery), takenBackNgwee: int(r.taken_back) };
}

export interface OwnFigures {
  memberId: string;
  name: string;
  owedNgwee: number;
  earnedNgwee: number;
}

/**
 * The active member whose wallet number is `mobile` (the one index members_mobile_key allows), her
 * balance and her sale credits made in `month`; undefined when no active member has that number.
 */
export async function memberByWallet(db: Db, mobile: string, month: string): Promise<OwnFigures | undefined> {
  const result = await db.execute(sql`
    select m.id, m.name,
           (select coalesce(sum(e.amount_ngwee), 0) from share_entries e where e.member_id = m.id)
         - (select coalesce(sum(p.amount_ngwee), 0) from payouts p where p.member_id = m.id and p.state = 'successful')
             as owed,
           (select coalesce(sum(e.amount_ngwee), 0) from share_entries e
             where e.member_id = m.id and e.kind = 'sale'
               and e.created_at >= ${monthStart(month)} and e.created_at < ${monthEnd(month)}) as earned
    from members m
    where m.mobile = ${mobile} and m.active`);
  const [r] = rowsOf<Record<string, unknown>>(result);
  return r
    ? { memberId: r.id as string, name: r.name as string, owedNgwee: int(r.owed), earnedNgwee: int(r.earned) }
    : undefined;
}

export interface OwnPayoutRow {
  amountNgwee: number;
  period: string;
  state: string;
  at: Date;
}

/** One member's last payouts that were not cancelled, newest first, with the month their run paid for. */
export async function lastPayoutsOf(db: Db, memberId: string, limit: number): Promise<OwnPayoutRow[]> {
  const result = await db.execute(sql`
    select p.amount_ngwee, r.period, p.state, coalesce(p.ended_at, p.created_at) as at
    from payouts p join payout_runs r on r.id = p.run_id
    where p.member_id = ${memberId} and p.state <> 'cancelled'
    order by p.created_at desc, p.id desc
    limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    amountNgwee: int(r.amount_ngwee),
    period: r.period as string,
    state: r.state as string,
    at: new Date(r.at as string | Date),
  }));
}
