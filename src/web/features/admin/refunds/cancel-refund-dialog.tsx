import { REFUND_NOTE_MAX_LENGTH } from '../../../../shared/refunds';
import { cancelRefundSchema, type Refund } from '../../../../shared/schemas/refunds';
import { formatKwacha } from '../../../lib/format';
import { NoteDialog } from '../shared/note-dialog';
import { useCancelRefund } from './api';

/** Calling off a refund that was not sent yet asks why; the note is kept with the admin's name. */
export function CancelRefundDialog({ refund, onClose }: { refund: Refund | null; onClose: () => void }) {
  const cancel = useCancelRefund();
  return (
    <NoteDialog
      open={refund !== null}
      onClose={onClose}
      title="Cancel refund"
      description={
        refund && (
          <>
            The refund of {formatKwacha(refund.amount)} is not sent. Your name, the time and this note are kept with it.
          </>
        )
      }
      formId="cancel-refund-form"
      label="Why is it called off?"
      placeholder="For example: the shopper chose a replacement instead"
      maxLength={REFUND_NOTE_MAX_LENGTH}
      schema={cancelRefundSchema}
      saving={cancel.isPending}
      onSave={(note) => {
        if (refund) cancel.mutate({ id: refund._id, note }, { onSuccess: onClose });
      }}
    />
  );
}
