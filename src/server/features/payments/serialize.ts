import { toKwacha } from '../../../shared/money';
import { methodOfCollection } from '../../../shared/payment-methods';
import type { PaymentAttempt, ReconciliationAttempt } from '../../../shared/schemas/payments';
import type { AttemptRow } from './queries';
import type { ReconciliationRow } from './reconciliation-queries';

export function toAttemptJson(row: AttemptRow): PaymentAttempt {
  return {
    _id: row.id,
    orderId: row.orderId,
    provider: row.provider as PaymentAttempt['provider'],
    method: methodOfCollection(row.provider, row.phone),
    reference: row.reference,
    phone: row.phone,
    amount: toKwacha(row.amountNgwee),
    amountNgwee: row.amountNgwee,
    currency: row.currency,
    state: row.state as PaymentAttempt['state'],
    providerTransactionId: row.providerTransactionId,
    failureReason: row.failureReason,
    flagged: row.flagged,
    flagNote: row.flagNote,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** As an admin sees it: with who dealt with it, when and what they did (the owner does not see that). */
export function toAdminAttemptJson(row: AttemptRow): PaymentAttempt {
  const resolution = row.resolvedAt
    ? {
        by: { _id: row.resolvedBy, name: row.resolvedByName ?? '' },
        at: row.resolvedAt.toISOString(),
        note: row.resolvedNote ?? '',
      }
    : null;
  return { ...toAttemptJson(row), resolution };
}

export function toReconciliationJson(row: ReconciliationRow): ReconciliationAttempt {
  const { order } = row;
  return {
    ...toAdminAttemptJson(row.attempt),
    order: {
      _id: order.id,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      total: toKwacha(order.totalNgwee),
      status: order.status,
      isPaid: order.isPaid,
    },
    stuck: row.stuck,
    needsAttention: row.needsAttention,
    refundedNgwee: row.refundedNgwee,
  };
}
