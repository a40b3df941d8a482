import { orderReference } from '../../../shared/order-status';
import { kwachaOf, type AuditEntry } from '../audit';
import type { RefundRow } from './queries';

/**
 * The audit lines of a refund's steps (docs/decisions/030-refunds.md). They sit under the order they
 * refund, so the order's trail tells the whole story of its money.
 */
const amountOf = (refund: RefundRow) =>
  refund.currency === 'ZMW'
    ? kwachaOf(refund.amountNgwee)
    : `${(refund.amountNgwee / 100).toFixed(2)} ${refund.currency}`;

const ROUTE_WORDS: Record<string, string> = {
  'mtn-refund': 'to the MTN MoMo wallet',
  'airtel-disbursement': 'to the Airtel Money wallet',
  'airtel-refund': 'to the Airtel Money wallet',
  'by-hand': 'sent by hand',
};

const known = (refund: RefundRow) => ({
  refundId: refund.id,
  orderId: refund.orderId,
  amountNgwee: refund.amountNgwee,
  route: refund.route,
});

function entry(
  action: string,
  refund: RefundRow,
  what: string,
  before: string | null,
  after: Record<string, unknown>,
): AuditEntry {
  return {
    action,
    subjectType: 'order',
    subjectId: refund.orderId,
    summary: `Refund of ${amountOf(refund)} for order ${orderReference(refund.orderId)} (${ROUTE_WORDS[refund.route] ?? refund.route}) ${what}`,
    before: before === null ? null : { ...known(refund), state: before },
    after: { ...known(refund), ...after },
  };
}

export const refundRequestedEntry = (refund: RefundRow) =>
  entry('refund.requested', refund, `asked: ${refund.reason}`, null, { state: refund.state, reason: refund.reason });

export const refundApprovedEntry = (refund: RefundRow) =>
  entry('refund.approved', refund, 'approved', 'requested', { state: refund.state });

export const refundCancelledEntry = (refund: RefundRow, from: string) =>
  entry('refund.cancelled', refund, `called off: ${refund.cancelNote ?? ''}`, from, {
    state: refund.state,
    note: refund.cancelNote,
  });

export const refundEndedEntry = (refund: RefundRow, from: string) =>
  refund.state === 'successful'
    ? entry('refund.successful', refund, 'reached the shopper', from, {
        state: refund.state,
        providerTransactionId: refund.providerTransactionId,
      })
    : entry('refund.failed', refund, `failed: ${refund.failureReason ?? ''}`, from, {
        state: refund.state,
        failureReason: refund.failureReason,
      });
