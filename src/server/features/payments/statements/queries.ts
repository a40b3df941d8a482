import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import { paymentAttempts, statementNotes } from '../../../db/schema';
import { isUuid } from '../../../lib/ids';
import { SHOP_TIME_ZONE } from '../../../../shared/shop-time';
import type { MobileMoneyProvider } from '../../../../shared/schemas/payments';
import {
  methodOfCollection,
  PAY_ON_COLLECTION,
  PAYMENT_METHODS,
  type CollectionProviderId,
  type PaymentMethod,
} from '../../../../shared/payment-methods';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type StatementNoteRow = typeof statementNotes.$inferSelect;

const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);
/** Well under PostgreSQL's 65,535 parameters of one statement, with two lists per query. */
const CHUNK = 5_000;

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

/** The provider's attempts (in any state) whose transaction id or our reference is one of `values`. */
export async function attemptsNamedBy(
  db: Db,
  provider: MobileMoneyProvider,
  values: readonly string[],
): Promise<AttemptRow[]> {
  const found = new Map<string, AttemptRow>();
  for (const part of chunks([...new Set(values)])) {
    const references = part.filter(isUuid).map((v) => v.toLowerCase());
    const named = references.length
      ? or(inArray(paymentAttempts.providerTransactionId, part), inArray(paymentAttempts.reference, references))
      : inArray(paymentAttempts.providerTransactionId, part);
    for (const row of await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.provider, provider), named)))
      found.set(row.id, row);
  }
  return [...found.values()];
}

/** The provider's attempts recorded as collected on these shop days (both included). */
export function attemptsCollectedBetween(
  db: Db,
  provider: MobileMoneyProvider,
  from: string,
  to: string,
): Promise<AttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        isNotNull(paymentAttempts.collectedAt),
        sql`${paymentAttempts.collectedAt} >= (${from}::date)::timestamp at time zone ${zone}`,
        sql`${paymentAttempts.collectedAt} < ((${to}::date) + 1)::timestamp at time zone ${zone}`,
      ),
    )
    .orderBy(paymentAttempts.collectedAt);
}

export async function notesFor(
  db: Db,
  provider: MobileMoneyProvider,
  keys: readonly string[],
): Promise<StatementNoteRow[]> {
  const rows: StatementNoteRow[] = [];
  for (const part of chunks([...new Set(keys)])) {
    rows.push(
      ...(await db
        .select()
        .from(statementNotes)
        .where(and(eq(statementNotes.provider, provider), inArray(statementNotes.key, part)))),
    );
  }
  return rows;
}

/** The note, or null when that difference already has one (the unique index decides, so two admins cannot both write). */
export async function insertNote(
  db: Db | Tx,
  values: typeof statementNotes.$inferInsert,
): Promise<StatementNoteRow | null> {
  const [row] = await db.insert(statementNotes).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export interface SummaryRow {
  day: string;
  /** 'collection': paid to a pickup keeper on collection (decision 045), no provider's account. */
  provider: CollectionProviderId | 'collection';
  /** What the shopper paid with: an aggregator's lines are split by method (Zamtel, cards). */
  method: PaymentMethod;
  collectedCount: number;
  collectedNgwee: number;
  refundedCount: number;
  refundedNgwee: number;
}

/**
 * Per shop day, provider and method: collections by when they were recorded (collected_at), and refunds
 * that a provider sent back by when they ended successful. A refund sent by hand left no provider's
 * account, so it is not in a provider's figures. Pay-on-collection orders are a line of their own, by when
 * they were paid. A collection's method is the shared rule (`methodOfCollection`: its provider's one
 * method, else its phone's network, else a card), so SQL groups by phone and the lines are summed here.
 */
export async function dailyMoney(db: Db, from: string, to: string): Promise<SummaryRow[]> {
  const start = sql`(${from}::date)::timestamp at time zone ${zone}`;
  const end = sql`((${to}::date) + 1)::timestamp at time zone ${zone}`;
  const result = await db.execute(sql`
    with money as (
      select to_char(collected_at at time zone ${zone}, 'YYYY-MM-DD') as day, provider, phone,
             1 as collected_count, amount_ngwee::bigint as collected_ngwee, 0 as refunded_count, 0::bigint as refunded_ngwee
      from payment_attempts
      where collected_at >= ${start} and collected_at < ${end}
      union all
      -- A refund through a provider's API always pays back one of its collections: that collection's provider and method.
      select to_char(r.ended_at at time zone ${zone}, 'YYYY-MM-DD'), a.provider, a.phone,
             0, 0, 1, r.amount_ngwee::bigint
      from refunds r join payment_attempts a on a.id = r.attempt_id
      where r.state = 'successful' and r.route <> 'by-hand' and r.ended_at >= ${start} and r.ended_at < ${end}
      union all
      select to_char(paid_at at time zone ${zone}, 'YYYY-MM-DD'), 'collection', '',
             1, total_ngwee::bigint, 0, 0::bigint
      from orders
      where payment_method = 'collection' and is_paid and paid_at >= ${start} and paid_at < ${end}
    )
    select day, provider, phone,
           sum(collected_count)::int as "collectedCount", sum(collected_ngwee)::bigint as "collectedNgwee",
           sum(refunded_count)::int as "refundedCount", sum(refunded_ngwee)::bigint as "refundedNgwee"
    from money group by day, provider, phone`);
  type ByPhone = Omit<SummaryRow, 'method' | 'collectedNgwee' | 'refundedNgwee'> & {
    phone: string;
    collectedNgwee: string | number;
    refundedNgwee: string | number;
  };
  const lines = new Map<string, SummaryRow>();
  for (const { phone, ...r } of rowsOf<ByPhone>(result)) {
    const method = r.provider === 'collection' ? PAY_ON_COLLECTION : methodOfCollection(r.provider, phone);
    const key = `${r.day} ${r.provider} ${method}`;
    const line = lines.get(key) ?? {
      ...r,
      method,
      collectedCount: 0,
      collectedNgwee: 0,
      refundedCount: 0,
      refundedNgwee: 0,
    };
    line.collectedCount += r.collectedCount;
    line.collectedNgwee += Number(r.collectedNgwee);
    line.refundedCount += r.refundedCount;
    line.refundedNgwee += Number(r.refundedNgwee);
    lines.set(key, line);
  }
  const methodOrder = (method: PaymentMethod) => PAYMENT_METHODS.indexOf(method);
  return [...lines.values()].sort(
    (a, b) =>
      b.day.localeCompare(a.day) ||
      a.provider.localeCompare(b.provider) ||
      methodOrder(a.method) - methodOrder(b.method),
  );
}
