import { toKwacha } from '../../../shared/money';
import type { Refund, RefundList } from '../../../shared/schemas/refunds';
import type { RefundWithProvider } from './queries';

export function toRefundJson({ refund, provider }: RefundWithProvider): Refund {
  return {
    _id: refund.id,
    orderId: refund.orderId,
    attemptId: refund.attemptId,
    provider: provider as Refund['provider'],
    route: refund.route as Refund['route'],
    reference: refund.reference,
    phone: refund.phone,
    amount: toKwacha(refund.amountNgwee),
    amountNgwee: refund.amountNgwee,
    currency: refund.currency,
    reason: refund.reason,
    state: refund.state as Refund['state'],
    requestedBy: { _id: refund.requestedBy, name: refund.requestedByName },
    requestedAt: refund.createdAt.toISOString(),
    approvedBy: refund.approvedByName ? { _id: refund.approvedBy, name: refund.approvedByName } : null,
    approvedAt: refund.approvedAt?.toISOString() ?? null,
    awaitingApproval: refund.state === 'requested',
    stuck: refund.stuck,
    cancelledBy: refund.cancelledByName ? { name: refund.cancelledByName, note: refund.cancelNote ?? '' } : null,
    providerTransactionId: refund.providerTransactionId,
    failureReason: refund.failureReason,
    endedAt: refund.endedAt?.toISOString() ?? null,
    updatedAt: refund.updatedAt.toISOString(),
  };
}

export const toRefundListItemJson = (
  row: RefundWithProvider & { order: { id: string; customerName: string; totalNgwee: number } },
): RefundList['refunds'][number] => ({
  ...toRefundJson(row),
  order: { _id: row.order.id, customerName: row.order.customerName, total: toKwacha(row.order.totalNgwee) },
});
