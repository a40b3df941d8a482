import { RESOLUTION_NOTE_MAX_LENGTH } from '../../../../shared/schemas/payments';
import {
  statementNoteInputSchema,
  type StatementItem,
  type StatementNote,
  type StatementPayoutItem,
  type StatementReconciliation,
} from '../../../../shared/schemas/statements';
import { NoteDialog } from '../shared/note-dialog';
import { useMarkStatementLine } from './api';

const noteSchema = statementNoteInputSchema.pick({ note: true });

/** A difference about a collection or about a payout (decision 066): both are kept under the same key rule. */
export type StatementDifference = StatementItem | StatementPayoutItem;

/** What the dialog names when the statement has no line: the shop's payment or payout. */
function shopSide(item: StatementDifference): string {
  if ('attempt' in item) return `Payment ${item.attempt?.providerTransactionId ?? item.key}`;
  return `Payout ${item.payout?.providerTransactionId ?? item.key}`;
}

/** "Mark dealt with" on a statement difference: the note is kept under the line, and shows on every later check of it. */
export function DealtWithDialog({
  result,
  item,
  onClose,
  onSaved,
}: {
  result: StatementReconciliation;
  item: StatementDifference | null;
  onClose: () => void;
  onSaved: (item: StatementDifference, note: StatementNote) => void;
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
            {item.line ? `Statement line ${item.line.transactionId}` : shopSide(item)}. Your name, the time and this
            note are kept, and show on this line whenever a statement with it is checked again.
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
