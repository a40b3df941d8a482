import { toKwacha } from '../../../shared/money';
import { orderReference } from '../../../shared/order-status';
import { PAYOUT_STATES, periodLabelOf, type PayoutState } from '../../../shared/payouts';
import type { Payout, PayoutLine, PayoutRun, PayoutWithLines } from '../../../shared/schemas/payouts';
import type { PayoutEntryRow } from './owed-queries';
import type { RunFigures, RunRow, SeenPayoutRow } from './queries';

export function toPayoutJson(row: SeenPayoutRow): Payout {
  return {
    _id: row.id,
    runId: row.runId,
    period: row.period,
    member: { _id: row.memberId, name: row.memberName },
    mobile: row.mobile,
    network: row.network as Payout['network'],
    route: row.route as Payout['route'],
    reference: row.reference,
    amount: toKwacha(row.amountNgwee),
    amountNgwee: row.amountNgwee,
    currency: row.currency,
    state: row.state as Payout['state'],
    summary: row.summary,
    providerTransactionId: row.providerTransactionId,
    failureReason: row.failureReason,
    sendCount: row.sendCount,
    stuck: row.stuck,
    sentByHand: row.sentByHandByName ? { name: row.sentByHandByName, note: row.note ?? '' } : null,
    resolved:
      row.resolvedByName && row.resolvedAt
        ? { name: row.resolvedByName, note: row.note ?? '', at: row.resolvedAt.toISOString() }
        : null,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const lineJson = (entry: PayoutEntryRow): PayoutLine => ({
  orderId: entry.orderId,
  orderNumber: orderReference(entry.orderId),
  kind: entry.kind as PayoutLine['kind'],
  product: entry.productName,
  quantity: entry.quantity,
  amountNgwee: entry.amountNgwee,
  amount: toKwacha(entry.amountNgwee),
});

export const toPayoutWithLinesJson = (row: SeenPayoutRow, entries: PayoutEntryRow[]): PayoutWithLines => ({
  ...toPayoutJson(row),
  lines: entries.filter((e) => e.payoutId === row.id).map(lineJson),
});

export function toRunJson(run: RunRow, figures: RunFigures[]): PayoutRun {
  const own = figures.filter((f) => f.runId === run.id);
  const counts = Object.fromEntries(PAYOUT_STATES.map((s) => [s, 0])) as Record<PayoutState, number>;
  for (const f of own) counts[f.state as PayoutState] = f.payouts;
  // A cancelled run's payouts are cancelled: its total is what it would have paid.
  const totalNgwee = own.reduce((sum, f) => sum + f.amountNgwee, 0);
  return {
    _id: run.id,
    period: run.period,
    periodLabel: periodLabelOf(run.period),
    trigger: run.trigger as PayoutRun['trigger'],
    state: run.state as PayoutRun['state'],
    proposedBy: run.proposedByName ? { _id: run.proposedBy, name: run.proposedByName } : null,
    // A proposer whose account was deleted since is no proposer: the next admin confirms it again.
    awaitingConfirmation: run.state === 'proposed' && run.proposedBy === null,
    awaitingApproval: run.state === 'proposed' && run.proposedBy !== null,
    approvedBy: run.approvedByName ? { _id: run.approvedBy, name: run.approvedByName } : null,
    approvedAt: run.approvedAt?.toISOString() ?? null,
    cancelledBy: run.cancelledByName ? { name: run.cancelledByName, note: run.cancelNote ?? '' } : null,
    total: toKwacha(totalNgwee),
    totalNgwee,
    payoutCount: own.reduce((sum, f) => sum + f.payouts, 0),
    counts,
    stuck: own.reduce((sum, f) => sum + f.stuck, 0),
    createdAt: run.createdAt.toISOString(),
    updatedAt: run.updatedAt.toISOString(),
  };
}
