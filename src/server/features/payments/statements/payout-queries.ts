import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';
import { isUuid } from '../../../lib/ids';
import type { MobileMoneyProvider } from '../../../../shared/schemas/payments';
import { SHOP_TIME_ZONE } from '../../../../shared/shop-time';

/**
 * The money that leaves a provider's account for the shop, read for the statement check
 * (docs/decisions/066-member-earnings-reports.md): members' payouts (the payouts feature writes them) and
 * refunds to shoppers (the refunds feature's), each through the routes that use that provider's account.
 */
const PAYOUT_ROUTE: Record<MobileMoneyProvider, string> = { mtn: 'mtn-transfer', airtel: 'airtel-disbursement' };
const REFUND_ROUTES: Record<MobileMoneyProvider, string[]> = {
  mtn: ['mtn-refund'],
  airtel: ['airtel-disbursement', 'airtel-refund'],
};

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);
/** Well under PostgreSQL's 65,535 parameters of one statement, with two lists per query. */
const CHUNK = 5_000;

export interface PayoutRow {
  id: string;
  memberId: string;
  memberName: string;
  reference: string;
  providerTransactionId: string | null;
  state: string;
  failureReason: string | null;
  amountNgwee: number;
  currency: string;
  period: string;
  endedAt: Date | null;
}

const payoutColumns = sql`
  p.id, p.member_id, m.name as member_name, p.reference::text as reference, p.provider_transaction_id, p.state,
  p.failure_reason, p.amount_ngwee, p.currency, r.period, p.ended_at
  from payouts p join members m on m.id = p.member_id join payout_runs r on r.id = p.run_id`;

const toPayout = (r: Record<string, unknown>): PayoutRow => ({
  id: r.id as string,
  memberId: r.member_id as string,
  memberName: r.member_name as string,
  reference: r.reference as string,
  providerTransactionId: (r.provider_transaction_id as string | null) ?? null,
  state: r.state as string,
  failureReason: (r.failure_reason as string | null) ?? null,
  amountNgwee: Number(r.amount_ngwee),
  currency: r.currency as string,
  period: r.period as string,
  endedAt: r.ended_at ? new Date(r.ended_at as string | Date) : null,
});

/** `column in (values)`, each value cast to `type` (text or uuid, so the column's index is used), or false for none. */
const inList = (column: SQL, values: readonly string[], type: 'text' | 'uuid' = 'text') =>
  values.length
    ? sql`${column} in (${sql.join(
        values.map((v) => sql`${v}::${sql.raw(type)}`),
        sql`, `,
      )})`
    : sql`false`;

function chunks(values: readonly string[]): string[][] {
  const unique = [...new Set(values)];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += CHUNK) out.push(unique.slice(i, i + CHUNK));
  return out;
}

/** The provider's payouts (in any state) whose transaction id or our reference is one of `values`. */
export async function payoutsNamedBy(
  db: Db,
  provider: MobileMoneyProvider,
  values: readonly string[],
): Promise<PayoutRow[]> {
  const found = new Map<string, PayoutRow>();
  for (const part of chunks(values)) {
    const references = part.filter(isUuid).map((v) => v.toLowerCase());
    const result = await db.execute(sql`
      select ${payoutColumns}
      where p.route = ${PAYOUT_ROUTE[provider]}
        and (${inList(sql`p.provider_transaction_id`, part)} or ${inList(sql`p.reference`, references, 'uuid')})`);
    for (const row of rowsOf<Record<string, unknown>>(result).map(toPayout)) found.set(row.id, row);
  }
  return [...found.values()];
}

/** The provider's payouts that ended successful on these shop days (both included). */
export async function payoutsPaidBetween(
  db: Db,
  provider: MobileMoneyProvider,
  from: string,
  to: string,
): Promise<PayoutRow[]> {
  const result = await db.execute(sql`
    select ${payoutColumns}
    where p.route = ${PAYOUT_ROUTE[provider]} and p.state = 'successful'
      and p.ended_at >= (${from}::date)::timestamp at time zone ${zone}
      and p.ended_at < ((${to}::date) + 1)::timestamp at time zone ${zone}
    order by p.ended_at, p.id`);
  return rowsOf<Record<string, unknown>>(result).map(toPayout);
}

/**
 * Which of `values` name a refund sent through the provider's account: our reference, or the transaction
 * id the provider gave the refund (lower-cased references and ids as given).
 */
export async function refundKeysNamedBy(
  db: Db,
  provider: MobileMoneyProvider,
  values: readonly string[],
): Promise<Set<string>> {
  const keys = new Set<string>();
  const routes = sql.join(
    REFUND_ROUTES[provider].map((route) => sql`${route}`),
    sql`, `,
  );
  for (const part of chunks(values)) {
    const references = part.filter(isUuid).map((v) => v.toLowerCase());
    const result = await db.execute(sql`
      select r.reference::text as reference, r.provider_transaction_id from refunds r
      where r.route in (${routes})
        and (${inList(sql`r.provider_transaction_id`, part)} or ${inList(sql`r.reference`, references, 'uuid')})`);
    for (const r of rowsOf<{ reference: string; provider_transaction_id: string | null }>(result)) {
      keys.add(r.reference.toLowerCase());
      if (r.provider_transaction_id) keys.add(r.provider_transaction_id);
    }
  }
  return keys;
}
