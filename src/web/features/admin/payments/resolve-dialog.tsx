import { orderReference } from '../../../../shared/order-status';
import {
  RESOLUTION_NOTE_MAX_LENGTH,
  resolveAttemptSchema,
  type PaymentAttempt,
} from '../../../../shared/schemas/payments';
import { NoteDialog } from '../shared/note-dialog';
import { useResolveAttempt } from './api';
import { providerLabel } from './attempt-state';

/** What the dialog names: an attempt of the list, or a flagged collection of an order's owed-back row. */
export type ResolvedAttempt = Pick<PaymentAttempt, '_id' | 'orderId' | 'provider' | 'method'>;

interface ResolveDialogProps {
  /** The attempt being closed; null keeps the dialog shut. */
  attempt: ResolvedAttempt | null;
  onClose: () => void;
}

/**
 * Closing an attempt that needed a person asks what was done: the note is kept with the admin's name and
 * the time, and the attempt leaves Needs attention. The rules are the server's (the shared schema).
 */
export function ResolveDialog({ attempt, onClose }: ResolveDialogProps) {
  const resolve = useResolveAttempt();
  return (
    <NoteDialog
      open={attempt !== null}
      onClose={onClose}
      title="Mark as dealt with"
      description={
        attempt && (
          <>
            {providerLabel(attempt.provider, attempt.method)} payment for order{' '}
            <span className="font-mono font-semibold text-bark-900">{orderReference(attempt.orderId)}</span>. Your name,
            the time and this note are kept with the payment, and it leaves Needs attention.
          </>
        )
      }
      formId="resolve-attempt-form"
      label="What was done?"
      placeholder="For example: Refunded K 5 by MTN reversal 1234, or: customer gave up, order cancelled"
      maxLength={RESOLUTION_NOTE_MAX_LENGTH}
      schema={resolveAttemptSchema}
      saving={resolve.isPending}
      onSave={(note) => {
        if (attempt) resolve.mutate({ id: attempt._id, note }, { onSuccess: onClose });
      }}
    />
  );
}
