import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  PaymentSummary,
  StatementNote,
  StatementNoteInput,
  StatementReconciliation,
  StatementUpload,
} from '../../../../shared/schemas/statements';
import { apiRequest } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { toast } from '../../../lib/toast';

/** The statement is checked, not stored: the answer lives in the page until another file is checked. */
export function useCheckStatement() {
  return useMutation({
    mutationFn: (upload: StatementUpload) =>
      apiRequest<StatementReconciliation, StatementUpload>('/payments/statements', { method: 'POST', body: upload }),
    meta: { errorToast: false },
  });
}

export function useMarkStatementLine() {
  return useMutation({
    mutationFn: (input: StatementNoteInput) =>
      apiRequest<StatementNote, StatementNoteInput>('/payments/statements/notes', { method: 'PUT', body: input }),
    meta: { errorToast: false },
    onSuccess: () => toast.success('Marked as dealt with'),
    onError: (error) => toast.error(failureMessage(error, 'Failed to record what was done')),
  });
}

/** Under 'admin' so logging out drops the figures. */
export function usePaymentSummary(range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['admin', 'payments', 'summary', range],
    queryFn: ({ signal }) => apiRequest<PaymentSummary>('/payments/summary', { query: range, signal }),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}
