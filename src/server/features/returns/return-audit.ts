import type { AuditEntry } from '../audit';
import { formatKwacha, toKwacha } from '../../../shared/money';
import { RETURN_STATE_LABELS, returnReasonLabel, type ReturnState } from '../../../shared/returns';
import type { ReturnRow } from './queries';

/** Every step of a return, in the audit trail under the subject "return" (decision 069). */
export const returnNumber = (row: Pick<ReturnRow, 'number'>) => `R${row.number}`;

const money = (ngwee: number) => formatKwacha(toKwacha(ngwee)).replace(/\s+/g, ' ');

export function returnStepEntry(row: ReturnRow, from: ReturnState | null, detail: string): AuditEntry {
  const to = row.state as ReturnState;
  return {
    action: `return.${to}`,
    subjectType: 'return',
    subjectId: row.id,
    summary: `Return ${returnNumber(row)} of order ${row.orderId}: ${RETURN_STATE_LABELS[to]}${detail ? `; ${detail}` : ''}`,
    before: from ? { state: from } : null,
    after: {
      state: to,
      outcome: row.outcome,
      reason: returnReasonLabel(row.reason),
      amount: money(row.amountNgwee),
      ...(row.refundId && { refundId: row.refundId }),
      ...(row.replacementOrderId && { replacementOrderId: row.replacementOrderId }),
      ...(row.differenceNgwee !== null && { difference: money(row.differenceNgwee) }),
    },
  };
}
