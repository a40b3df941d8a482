import type { Db } from '../../../db/client';
import { BadRequest, Conflict } from '../../../lib/http-errors';
import type { CurrentUser } from '../../../plugins/auth';
import { plainKwacha } from '../../../../shared/money';
import type { MobileMoneyProvider } from '../../../../shared/schemas/payments';
import { collectionLabel, COLLECTION_PROVIDER_NAMES, PAYMENT_METHODS } from '../../../../shared/payment-methods';
import {
  SUMMARY_MAX_DAYS,
  type PaymentSummary,
  type PaymentSummaryDay,
  type StatementNote,
  type StatementLine,
  type StatementReconciliation,
} from '../../../../shared/schemas/statements';
import { shopDayOf } from '../../../../shared/shop-time';
import { recordAudit } from '../../audit';
import { csvLine, UTF8_BOM } from '../../reports';
import { matchPayouts, sortLines } from './match-payouts';
import { matchStatement } from './match-statement';
import { parseStatement } from './parse-statement';
import { payoutsNamedBy, payoutsPaidBetween, refundKeysNamedBy } from './payout-queries';
import {
  attemptsCollectedBetween,
  attemptsNamedBy,
  dailyMoney,
  insertNote,
  notesFor,
  type StatementNoteRow,
} from './queries';

/** Matched lines listed in the answer (all are counted): the differences are what an admin reads. */
export const MATCHED_LINES_LISTED = 200;
/** The summary's days when none are given: the last 30, today included. */
const SUMMARY_DEFAULT_DAYS = 30;

const toNote = (row: StatementNoteRow): StatementNote => ({
  note: row.note,
  byName: row.notedByName,
  at: row.createdAt.toISOString(),
});

/** The differences first, then at most MATCHED_LINES_LISTED matched items (all are counted). */
const listedOf = <T extends { category: string }>(items: T[]) => [
  ...items.filter((item) => item.category !== 'matched'),
  ...items.filter((item) => item.category === 'matched').slice(0, MATCHED_LINES_LISTED),
];

/**
 * A provider's statement set against the shop (docs/decisions/031-statement-reconciliation.md): money in
 * against its collections, money out against the members' payouts (decision 066). Reads only: nothing the
 * upload holds is stored or changes a payment. The period is the one given, else the first to the last day
 * of the statement's lines.
 */
export async function reconcileStatement(
  db: Db,
  input: { provider: MobileMoneyProvider; csv: string; from?: string; to?: string },
): Promise<StatementReconciliation> {
  const parsed = parseStatement(input.provider, input.csv);
  const days = [...parsed.lines, ...parsed.outLines].map((line) => line.day).sort();
  const from = input.from ?? days[0] ?? input.to ?? shopDayOf(new Date());
  const to = input.to ?? days.at(-1) ?? from;
  const skipped = parsed.skipped;
  const count = (why: string, rows = 1) => {
    if (rows > 0) skipped.set(why, (skipped.get(why) ?? 0) + rows);
  };
  const inPeriod = (line: StatementLine) => {
    const inside = line.day >= from && line.day <= to;
    if (!inside) count('outside the period');
    return inside;
  };
  const moneyIn = parsed.lines.filter(inPeriod);
  const moneyOut = parsed.outLines.filter(inPeriod);
  const keys = [...moneyIn, ...moneyOut].flatMap((line) =>
    line.reference ? [line.transactionId, line.reference] : [line.transactionId],
  );
  const [named, namedPayouts, refundKeys, collected, paid] = await Promise.all([
    attemptsNamedBy(db, input.provider, keys),
    payoutsNamedBy(db, input.provider, keys),
    refundKeysNamedBy(db, input.provider, keys),
    attemptsCollectedBetween(db, input.provider, from, to),
    payoutsPaidBetween(db, input.provider, from, to),
  ]);
  const sorted = sortLines(moneyIn, moneyOut, named, namedPayouts, refundKeys);
  count('a refund to a shopper (not checked here)', sorted.refunds);
  const { items, counts } = matchStatement(sorted.collections, named, collected);
  const payouts = matchPayouts(sorted.payouts, namedPayouts, paid);
  const differenceKeys = [...items, ...payouts.items].filter((i) => i.category !== 'matched').map((i) => i.key);
  const notes = new Map((await notesFor(db, input.provider, differenceKeys)).map((row) => [row.key, toNote(row)]));
  const withNote = <T extends { category: string; key: string }>(item: T) => ({
    ...item,
    dealtWith: item.category === 'matched' ? null : (notes.get(item.key) ?? null),
  });
  return {
    provider: input.provider,
    from,
    to,
    columns: parsed.columns as Record<string, string>,
    counts,
    skipped: [...skipped].map(([why, rows]) => ({ why, rows })),
    items: listedOf(items).map(withNote),
    payouts: { counts: payouts.counts, items: listedOf(payouts.items).map(withNote) },
  };
}

/** Keeps what an admin did about one difference, once (409 when it already has a note), with an audit line. */
export async function markDealtWith(
  db: Db,
  admin: CurrentUser,
  input: { provider: MobileMoneyProvider; key: string; note: string },
): Promise<StatementNote> {
  return db.transaction(async (tx) => {
    const row = await insertNote(tx, {
      provider: input.provider,
      key: input.key,
      note: input.note,
      notedBy: admin.id,
      notedByName: admin.name,
    });
    if (!row) throw Conflict('This statement line was already marked as dealt with.');
    await recordAudit(tx, admin, {
      action: 'payment.statement-line-dealt-with',
      subjectType: 'payment',
      subjectId: `${input.provider}:${input.key}`,
      summary: `${COLLECTION_PROVIDER_NAMES[input.provider]} statement line ${input.key} marked as dealt with: ${input.note}`,
      before: null,
      after: { provider: input.provider, key: input.key, note: input.note },
    });
    return toNote(row);
  });
}

function daysBefore(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - count);
  return date.toISOString().slice(0, 10);
}

/** The days asked for, the last 30 when left out; 400 beyond a year, which is read in parts. */
export function summaryRange(query: { from?: string; to?: string }): { from: string; to: string } {
  const to = query.to ?? shopDayOf(new Date());
  const from = query.from ?? daysBefore(to, SUMMARY_DEFAULT_DAYS - 1);
  if (from > to) throw BadRequest('The start date must be on or before the end date');
  if (from < daysBefore(to, SUMMARY_MAX_DAYS - 1))
    throw BadRequest(`A summary covers at most ${SUMMARY_MAX_DAYS} days: read a longer time in parts`);
  return { from, to };
}

/** Collections, refunds sent through a provider, and net, per shop day, provider and method, with their totals. */
export async function paymentSummary(db: Db, range: { from: string; to: string }): Promise<PaymentSummary> {
  const days: PaymentSummaryDay[] = (await dailyMoney(db, range.from, range.to)).map((row) => ({
    ...row,
    netNgwee: row.collectedNgwee - row.refundedNgwee,
  }));
  const totals = new Map<string, Omit<PaymentSummaryDay, 'day'>>();
  for (const { day: _day, ...row } of days) {
    const key = `${row.provider} ${row.method}`;
    const total = totals.get(key) ?? {
      provider: row.provider,
      method: row.method,
      collectedCount: 0,
      collectedNgwee: 0,
      refundedCount: 0,
      refundedNgwee: 0,
      netNgwee: 0,
    };
    total.collectedCount += row.collectedCount;
    total.collectedNgwee += row.collectedNgwee;
    total.refundedCount += row.refundedCount;
    total.refundedNgwee += row.refundedNgwee;
    total.netNgwee += row.netNgwee;
    totals.set(key, total);
  }
  return {
    ...range,
    days,
    totals: [...totals.values()].sort(
      (a, b) =>
        a.provider.localeCompare(b.provider) || PAYMENT_METHODS.indexOf(a.method) - PAYMENT_METHODS.indexOf(b.method),
    ),
  };
}

/** The summary as a spreadsheet opens it: one line per day, provider and method, money as 1234.50 kwacha. */
export function paymentSummaryCsv(summary: PaymentSummary): string {
  const header = csvLine([
    'Day',
    'Provider',
    'Collections',
    'Collected (ZMW)',
    'Refunds',
    'Refunded (ZMW)',
    'Net (ZMW)',
  ]);
  const line = (day: string, row: Omit<PaymentSummaryDay, 'day'>) =>
    csvLine([
      day,
      collectionLabel(row.provider, row.method),
      row.collectedCount,
      plainKwacha(row.collectedNgwee),
      row.refundedCount,
      plainKwacha(row.refundedNgwee),
      plainKwacha(row.netNgwee),
    ]);
  return (
    UTF8_BOM +
    header +
    summary.days.map((row) => line(row.day, row)).join('') +
    summary.totals.map((row) => line('Total', row)).join('')
  );
}
