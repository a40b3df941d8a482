import { formatKwacha, toKwacha } from '../../../../shared/money';
import { monthName } from '../../../../shared/monthly-report';
import type {
  StatementCategory,
  StatementLine,
  StatementPayout,
  StatementPayoutItem,
} from '../../../../shared/schemas/statements';
import { shopDayOf } from '../../../../shared/shop-time';
import type { AttemptRow } from './queries';
import type { PayoutRow } from './payout-queries';

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

function toStatementPayout(row: PayoutRow): StatementPayout {
  return {
    _id: row.id,
    memberId: row.memberId,
    memberName: row.memberName,
    reference: row.reference,
    providerTransactionId: row.providerTransactionId,
    state: row.state,
    amountNgwee: row.amountNgwee,
    currency: row.currency,
    period: row.period,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

const payoutOf = (row: PayoutRow) => `the payout to ${row.memberName} for ${monthName(row.period)}`;

/** Which payout a line names: the provider's transaction id first, then our reference (in its reference column or as its id). */
function payoutFinder(payouts: readonly PayoutRow[]) {
  const byTransaction = new Map<string, PayoutRow>();
  const byReference = new Map<string, PayoutRow>();
  for (const payout of payouts) {
    if (payout.providerTransactionId) byTransaction.set(payout.providerTransactionId, payout);
    byReference.set(payout.reference.toLowerCase(), payout);
  }
  return (line: StatementLine) =>
    byTransaction.get(line.transactionId) ??
    byReference.get(line.reference?.toLowerCase() ?? '') ??
    byReference.get(line.transactionId.toLowerCase()) ??
    (line.reference ? byTransaction.get(line.reference) : undefined);
}

/** Whether a line names one of the keys (transaction ids as given, references lower-cased). */
const namesAny = (line: StatementLine, keys: ReadonlySet<string>) =>
  keys.has(line.transactionId) ||
  keys.has(line.transactionId.toLowerCase()) ||
  (line.reference !== null && (keys.has(line.reference) || keys.has(line.reference.toLowerCase())));

export interface SortedLines {
  collections: StatementLine[];
  payouts: StatementLine[];
  refunds: number;
}

/**
 * Which statement lines are about collections and which about payouts. Money out (a negative amount) is a
 * payout line unless it names a refund. A money-in line is a collection unless it names no attempt and
 * names a payout: so an export that marks no money out still has its payouts found, by reference only.
 * Lines naming a refund are counted, not checked (the refunds' own screen follows them).
 */
export function sortLines(
  moneyIn: readonly StatementLine[],
  moneyOut: readonly StatementLine[],
  attempts: readonly AttemptRow[],
  payouts: readonly PayoutRow[],
  refundKeys: ReadonlySet<string>,
): SortedLines {
  const attemptKeys = new Set(
    attempts.flatMap((a) => [a.reference.toLowerCase(), ...(a.providerTransactionId ? [a.providerTransactionId] : [])]),
  );
  const findPayout = payoutFinder(payouts);
  const sorted: SortedLines = { collections: [], payouts: [], refunds: 0 };
  for (const line of moneyIn) {
    if (namesAny(line, attemptKeys)) sorted.collections.push(line);
    else if (findPayout(line)) sorted.payouts.push(line);
    else if (namesAny(line, refundKeys)) sorted.refunds += 1;
    else sorted.collections.push(line);
  }
  for (const line of moneyOut) {
    if (!findPayout(line) && namesAny(line, refundKeys)) sorted.refunds += 1;
    else sorted.payouts.push(line);
  }
  return sorted;
}

function notPaidWhy(payout: PayoutRow): string {
  if (payout.state === 'sent' || payout.state === 'approved')
    return `The shop is still waiting for the provider's answer on ${payoutOf(payout)}.`;
  const why = payout.failureReason ? ` (${payout.failureReason})` : '';
  // A failed payout's shares are owed again: the next run would pay her twice.
  return `The shop has ${payoutOf(payout)} as ${payout.state}${why}, but the provider sent it: her shares are owed again in the shop, so check before the next payout.`;
}

export interface MatchedPayouts {
  items: Omit<StatementPayoutItem, 'dealtWith'>[];
  counts: Record<StatementCategory, number>;
}

/**
 * Sets the statement's payout lines against the shop's payouts, as matchStatement does collections:
 * `named`, the payouts any line names; `paid`, those that ended successful in the period.
 */
export function matchPayouts(
  lines: readonly StatementLine[],
  named: readonly PayoutRow[],
  paid: readonly PayoutRow[],
): MatchedPayouts {
  const findPayout = payoutFinder([...named, ...paid]);
  const firstLineOf = new Map<string, StatementLine>();
  const items: Omit<StatementPayoutItem, 'dealtWith'>[] = [];
  for (const line of lines) {
    const payout = findPayout(line);
    const item = { key: line.transactionId, line, payout: payout ? toStatementPayout(payout) : null };
    if (!payout) {
      items.push({
        ...item,
        category: 'not-in-shop',
        why: 'Money out that no payout of the shop has this transaction id or reference for.',
      });
      continue;
    }
    const earlier = firstLineOf.get(payout.id);
    if (earlier) {
      items.push({
        ...item,
        category: 'not-in-shop',
        why: `A second statement line for ${payoutOf(payout)} (first on row ${earlier.row}).`,
      });
      continue;
    }
    firstLineOf.set(payout.id, line);
    if (payout.state !== 'successful') items.push({ ...item, category: 'not-in-shop', why: notPaidWhy(payout) });
    else if (payout.amountNgwee !== line.amountNgwee) {
      const difference = line.amountNgwee - payout.amountNgwee;
      items.push({
        ...item,
        category: 'amount-differs',
        why: `The statement has ${kwacha(line.amountNgwee)} out, the shop paid ${kwacha(payout.amountNgwee)} (${difference > 0 ? '+' : '−'}${kwacha(Math.abs(difference))}).`,
      });
    } else items.push({ ...item, category: 'matched', why: 'On both, same amount.' });
  }
  for (const payout of paid) {
    if (firstLineOf.has(payout.id)) continue;
    items.push({
      key: payout.reference,
      line: null,
      payout: toStatementPayout(payout),
      category: 'not-on-statement',
      why: `Recorded as paid on ${shopDayOf(payout.endedAt!)}: ${payoutOf(payout)}; no statement line has its transaction id or reference.`,
    });
  }
  const counts: Record<StatementCategory, number> = {
    'not-in-shop': 0,
    'amount-differs': 0,
    'not-on-statement': 0,
    matched: 0,
  };
  for (const item of items) counts[item.category] += 1;
  return { items, counts };
}
