import type { Tx } from '../../db/client';
import type { RefundRoute } from '../../../shared/refunds';
import { recordAudit } from '../audit';
import { lockRefundableOrder, raiseOrderRefunded } from '../orders';
import type { RefundDeps } from './deps';
import { refundEndedEntry } from './refund-audit';
import { clearRefundDueWhenPaidBack, endRefundOnce, findRefund } from './queries';

export type RefundOutcome =
  { state: 'successful'; providerTransactionId: string | null } | { state: 'failed'; reason: string };

/**
 * Ends a sent (or, for by-hand, approved) refund once: conditional update on its state; on success raises
 * order.refunded (mail + SMS recorded in the same transaction), clears the refund-due flag of a late
 * collection it pays back in full, and writes the audit line. Returns false when it was already final.
 *
 * The order's row is locked first (as a refund request does), so two refunds of one order ending at once
 * announce the order's refunded total one after the other, never both the same stale sum.
 */
export async function settleRefund(
  deps: RefundDeps,
  tx: Tx,
  refundId: string,
  outcome: RefundOutcome,
): Promise<boolean> {
  const current = await findRefund(tx, refundId);
  if (!current) return false;
  const order = await lockRefundableOrder(tx, current.orderId);
  const ended = await endRefundOnce(tx, refundId, {
    state: outcome.state,
    providerTransactionId: outcome.state === 'successful' ? outcome.providerTransactionId : null,
    failureReason: outcome.state === 'failed' ? outcome.reason.slice(0, 500) : null,
  });
  if (!ended) return false;
  await recordAudit(tx, deps.actor, refundEndedEntry(ended, current.state));
  if (ended.state !== 'successful' || !order) return true;
  if (ended.attemptId) await clearRefundDueWhenPaidBack(tx, ended.attemptId);
  await raiseOrderRefunded(tx, deps.raise, order.id, {
    refundId: ended.id,
    amountNgwee: ended.amountNgwee,
    route: ended.route as RefundRoute,
    phone: ended.phone,
  });
  return true;
}
