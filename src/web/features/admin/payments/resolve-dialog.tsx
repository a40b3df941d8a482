import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { orderReference } from '../../../../shared/order-status';
import { RESOLUTION_NOTE_MAX_LENGTH, resolveAttemptSchema, type ReconciliationAttempt, type ResolveAttemptInput } from '../../../../shared/schemas/payments';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { useResolveAttempt } from './api';
import { providerLabel } from './attempt-state';

const FORM_ID = 'resolve-attempt-form';
const EMPTY: ResolveAttemptInput = { note: '' };

interface ResolveDialogProps {
  /** The attempt being closed; null keeps the dialog shut. */
  attempt: ReconciliationAttempt | null;
  onClose: () => void;
}

/**
 * Closing an attempt that needed a person asks what was done: the note is kept with the admin's name and
 * the time, and the attempt leaves Needs attention. The rules are the server's (the shared schema).
 */
export function ResolveDialog({ attempt, onClose }: ResolveDialogProps) {
  const resolve = useResolveAttempt();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ResolveAttemptInput>({ resolver: zodResolver(resolveAttemptSchema), defaultValues: EMPTY });

  // The one thing this dialog asks: the admin types at once.
  const noteField = useRef<HTMLTextAreaElement | null>(null);
  const { ref: registerNote, ...note } = register('note');

  useEffect(() => {
    if (attempt) reset(EMPTY);
  }, [attempt, reset]);

  const changeOpen = (open: boolean) => {
    if (!open && !resolve.isPending) onClose();
  };

  const submit = handleSubmit(({ note }) => {
    if (!attempt) return;
    resolve.mutate({ id: attempt._id, note }, { onSuccess: onClose });
  });

  return (
    <Dialog
      open={attempt !== null}
      onOpenChange={changeOpen}
      title="Mark as dealt with"
      initialFocus={noteField}
      description={
        attempt && (
          <>
            {providerLabel(attempt.provider)} payment for order <span className="font-mono font-semibold text-bark-900">{orderReference(attempt.order._id)}</span>. Your
            name, the time and this note are kept with the payment, and it leaves Needs attention.
          </>
        )
      }
      footer={
        <>
          <Button variant="outline" onClick={() => changeOpen(false)} disabled={resolve.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={resolve.isPending}>
            {resolve.isPending ? 'Saving...' : 'Mark as dealt with'}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        onSubmit={(event) => {
          void submit(event);
        }}
        noValidate
      >
        <TextAreaField
          label="What was done?"
          placeholder="For example: Refunded K 5 by MTN reversal 1234, or: customer gave up, order cancelled"
          rows={4}
          maxLength={RESOLUTION_NOTE_MAX_LENGTH}
          error={errors.note?.message}
          required
          {...note}
          ref={(element) => {
            registerNote(element);
            noteField.current = element;
          }}
        />
      </form>
    </Dialog>
  );
}
