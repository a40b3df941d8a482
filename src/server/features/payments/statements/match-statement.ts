import { formatKwacha, toKwacha } from '../../../../shared/money';
import { orderReference } from '../../../../shared/order-status';
import type {
  StatementAttempt,
  StatementCategory,
  StatementItem,
  StatementLine,
} from '../../../../shared/schemas/statements';
import { shopDayOf } from '../../../../shared/shop-time';
import type { AttemptRow } from './queries';

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));
const lower = (value: string | null) => value?.toLowerCase() ?? null;

export function toStatementAttempt(row: AttemptRow): StatementAttempt {
  return {
    _id: row.id,
    orderId: row.orderId,
    reference: row.reference,
    providerTransactionId: row.providerTransactionId,
    state: row.state,
    amountNgwee: row.amountNgwee,
    currency: row.currency,
    phone: row.phone,
    collectedAt: row.collectedAt?.toISOString() ?? null,
    flagged: row.flagged,
    refundDue: row.refundDue,
  };
}

function notCollectedWhy(attempt: AttemptRow): string {
  const order = `order #${orderReference(attempt.orderId)}`;
  if (attempt.state === 'initiated' || attempt.state === 'pending')
    return `The shop is still waiting for the provider's answer on this payment of ${order}.`;
  const why = attempt.failureReason ? ` (${attempt.failureReason})` : '';
  // The late-approval case (docs/decisions/029-late-approvals.md): the shopper approved after the shop had given up.
  return `The shop has this payment of ${order} as ${attempt.state}${why}, but the provider collected it: approved late, or its status was never read again.`;
}

export interface MatchedStatement {
  items: Omit<StatementItem, 'dealtWith'>[];
  counts: Record<StatementCategory, number>;
}

/**
 * Sets the statement's money-in lines against the shop's attempts (docs/decisions/031-statement-reconciliation.md).
 * `named`: the attempts any line names by transaction id or reference; `collected`: those recorded as
 * collected in the period. A line names an attempt by the provider's transaction id first, then by our
 * reference (in the line's reference column, or as its transaction id).
 */
export function matchStatement(
  lines: readonly StatementLine[],
  named: readonly AttemptRow[],
  collected: readonly AttemptRow[],
): MatchedStatement {
  const byTransaction = new Map<string, AttemptRow>();
  const byReference = new Map<string, AttemptRow>();
  for (const attempt of [...named, ...collected]) {
    if (attempt.providerTransactionId) byTransaction.set(attempt.providerTransactionId, attempt);
    byReference.set(attempt.reference.toLowerCase(), attempt);
  }
  const firstLineOf = new Map<string, StatementLine>();
  const items: Omit<StatementItem, 'dealtWith'>[] = [];
  for (const line of lines) {
    const attempt =
      byTransaction.get(line.transactionId) ??
      byReference.get(lower(line.reference) ?? '') ??
      byReference.get(line.transactionId.toLowerCase()) ??
      (line.reference ? byTransaction.get(line.reference) : undefined);
    const item = { key: line.transactionId, line, attempt: attempt ? toStatementAttempt(attempt) : null };
    if (!attempt) {
      items.push({
        ...item,
        category: 'not-in-shop',
        why: 'No payment of the shop has this transaction id or reference.',
      });
      continue;
    }
    const earlier = firstLineOf.get(attempt.id);
    if (earlier) {
      items.push({
        ...item,
        category: 'not-in-shop',
        why: `A second statement line for the payment of order #${orderReference(attempt.orderId)} (first on row ${earlier.row}).`,
      });
      continue;
    }
    firstLineOf.set(attempt.id, line);
    if (!attempt.collectedAt) items.push({ ...item, category: 'not-in-shop', why: notCollectedWhy(attempt) });
    else if (attempt.amountNgwee !== line.amountNgwee) {
      const difference = line.amountNgwee - attempt.amountNgwee;
      items.push({
        ...item,
        category: 'amount-differs',
        why: `The statement has ${kwacha(line.amountNgwee)}, the shop ${kwacha(attempt.amountNgwee)} (${difference > 0 ? '+' : '−'}${kwacha(Math.abs(difference))}).${attempt.flagNote ? ` ${attempt.flagNote}` : ''}`,
      });
    } else
      items.push({
        ...item,
        category: 'matched',
        why: attempt.refundDue ? 'On both; the money is owed back to the shopper.' : 'On both, same amount.',
      });
  }
  for (const attempt of collected) {
    if (firstLineOf.has(attempt.id)) continue;
    items.push({
      key: attempt.reference,
      line: null,
      attempt: toStatementAttempt(attempt),
      category: 'not-on-statement',
      why: `Recorded as collected on ${shopDayOf(attempt.collectedAt!)} for order #${orderReference(attempt.orderId)}; no statement line has its transaction id or reference.`,
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
