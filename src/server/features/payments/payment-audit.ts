import { orderReference } from '../../../shared/order-status';
import { kwachaOf, type AuditEntry } from '../audit';
import type { AttemptRow } from './queries';

const PROVIDER_NAMES: Record<string, string> = { mtn: 'MTN MoMo', airtel: 'Airtel Money' };

/** The audit line of an attempt an admin marked as dealt with: what they did, in their note. */
export function attemptResolvedEntry(attempt: AttemptRow): AuditEntry {
  const amount = attempt.currency === 'ZMW' ? kwachaOf(attempt.amountNgwee) : `${(attempt.amountNgwee / 100).toFixed(2)} ${attempt.currency}`;
  const outcome = attempt.flagged ? 'flagged' : attempt.state;
  const known = { orderId: attempt.orderId, provider: attempt.provider, amountNgwee: attempt.amountNgwee, currency: attempt.currency, state: outcome };
  return {
    action: 'payment.resolved',
    subjectType: 'payment',
    subjectId: attempt.id,
    summary: `${PROVIDER_NAMES[attempt.provider] ?? attempt.provider} payment of ${amount} for order ${orderReference(attempt.orderId)} (${outcome}) marked as dealt with: ${attempt.resolvedNote ?? ''}`,
    before: { ...known, note: null },
    after: { ...known, note: attempt.resolvedNote },
  };
}
