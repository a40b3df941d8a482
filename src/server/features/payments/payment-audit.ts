import { orderReference } from '../../../shared/order-status';
import { kwachaOf, type AuditEntry } from '../audit';
import type { AttemptRow } from './queries';

const PROVIDER_NAMES: Record<string, string> = { mtn: 'MTN MoMo', airtel: 'Airtel Money' };

/** The audit line of an attempt an admin marked as dealt with: what they did, in their note. */
export function attemptResolvedEntry(attempt: AttemptRow): AuditEntry {
  const amount =
    attempt.currency === 'ZMW'
      ? kwachaOf(attempt.amountNgwee)
      : `${(attempt.amountNgwee / 100).toFixed(2)} ${attempt.currency}`;
  const outcome = attempt.flagged ? 'flagged' : attempt.state;
  const known = {
    orderId: attempt.orderId,
    provider: attempt.provider,
    amountNgwee: attempt.amountNgwee,
    currency: attempt.currency,
    state: outcome,
  };
  return {
    action: 'payment.resolved',
    subjectType: 'payment',
    subjectId: attempt.id,
    summary: `${PROVIDER_NAMES[attempt.provider] ?? attempt.provider} payment of ${amount} for order ${orderReference(attempt.orderId)} (${outcome}) marked as dealt with: ${attempt.resolvedNote ?? ''}`,
    before: { ...known, note: null },
    after: { ...known, note: attempt.resolvedNote },
  };
}

/**
 * The audit line of a success found after the shop ended the attempt (docs/decisions/029-late-approvals.md):
 * it paid the order, or it is owed back. `before` is the attempt as the shop had ended it (with any
 * "dealt with" note, which the collection cleared).
 */
export function lateCollectionEntry(
  ended: AttemptRow,
  collected: AttemptRow,
  amountNgwee: number,
  currency: string,
): AuditEntry {
  const amount = currency === 'ZMW' ? kwachaOf(amountNgwee) : `${(amountNgwee / 100).toFixed(2)} ${currency}`;
  const outcome = collected.refundDue ? `refund due: ${collected.flagNote ?? ''}` : 'paid the order';
  const known = { orderId: ended.orderId, provider: ended.provider, reference: ended.reference };
  return {
    action: 'payment.collected-late',
    subjectType: 'payment',
    subjectId: ended.id,
    summary: `${PROVIDER_NAMES[ended.provider] ?? ended.provider} payment of ${amount} for order ${orderReference(ended.orderId)} collected after the attempt ended (${ended.state}); ${outcome}`,
    before: { ...known, state: ended.state, failureReason: ended.failureReason, note: ended.resolvedNote },
    after: {
      ...known,
      state: collected.state,
      amountNgwee,
      currency,
      providerTransactionId: collected.providerTransactionId,
      refundDue: collected.refundDue,
      collectedAt: collected.collectedAt?.toISOString() ?? null,
    },
  };
}
