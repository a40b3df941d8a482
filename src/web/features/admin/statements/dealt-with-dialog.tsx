import { RESOLUTION_NOTE_MAX_LENGTH } from '../../../../shared/schemas/payments';
import {
  statementNoteInputSchema,
  type StatementItem,
  type StatementNote,
  type StatementReconciliation,
} from '../../../../shared/schemas/statements';
import { NoteDialog } from '../shared/note-dialog';
import { useMarkStatementLine } from './api';

const noteSchema = statementNoteInputSchema.pick({ note: true });

/** "Mark dealt with" on a statement difference: the note is kept under the line, and shows on every later check of it. */
export function DealtWithDialog({
  result,
  item,
  onClose,
  onSaved,
}: {
  result: StatementReconciliation;
  item: StatementItem | null;
  onClose: () => void;
  onSaved: (item: StatementItem, note: StatementNote) => void;
}) {
  const mark = useMarkStatementLine();
  return (
    <NoteDialog
      open={item !== null}
      onClose={onClose}
      title="Mark as dealt with"
      description={
        item && (
          <>
            {item.line
              ? `Statement line ${item.line.transactionId}`
              : `Payment ${item.attempt?.providerTransactionId ?? item.key}`}
            . Your name, the time and this note are kept, and show on this line whenever a statement with it is checked
            again.
          </>
        )
      }
      formId="statement-dealt-with-form"
      label="What was done?"
      placeholder="For example: refunded by MTN reversal 1234, or: the provider confirmed the amount"
      maxLength={RESOLUTION_NOTE_MAX_LENGTH}
      schema={noteSchema}
      saving={mark.isPending}
      onSave={(note) => {
        if (item)
          mark.mutate(
            { provider: result.provider, key: item.key, note },
            { onSuccess: (saved) => onSaved(item, saved) },
          );
      }}
    />
  );
}
