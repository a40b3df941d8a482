import { PAYOUT_NOTE_MAX_LENGTH } from '../../../../shared/payouts';
import {
  cancelRunSchema,
  resolvePayoutSchema,
  sentByHandSchema,
  type Payout,
  type PayoutRun,
} from '../../../../shared/schemas/payouts';
import { kwachaOf, walletWords } from '../members';
import { NoteDialog } from '../shared/note-dialog';
import { useCancelRun, usePayoutNote } from './api';

/** Calling off a run not yet approved: its members are owed the money again. */
export function CancelRunDialog({ run, open, onClose }: { run: PayoutRun; open: boolean; onClose: () => void }) {
  const cancel = useCancelRun(run._id);
  return (
    <NoteDialog
      open={open}
      onClose={onClose}
      title="Cancel payout run"
      description={
        <>
          Nothing is sent and its members are owed the money again. Your name, the time and this note are kept with it.
        </>
      }
      formId="cancel-run-form"
      label="Why is it called off?"
      placeholder="For example: a member's wallet number is wrong"
      maxLength={PAYOUT_NOTE_MAX_LENGTH}
      schema={cancelRunSchema}
      saving={cancel.isPending}
      onSave={(note) => cancel.mutate({ note }, { onSuccess: onClose })}
    />
  );
}

/** A by-hand payout sent from the co-op's phone: the note says how (the send's transaction id). */
export function SentByHandDialog({ payout, onClose }: { payout: Payout | null; onClose: () => void }) {
  const record = usePayoutNote('sent-by-hand');
  return (
    <NoteDialog
      open={payout !== null}
      onClose={onClose}
      title="Record as sent"
      description={
        payout && (
          <>
            {kwachaOf(payout.amountNgwee)} to {payout.member.name}, {walletWords(payout)}. She gets a text. Your name,
            the time and this note are kept with it.
          </>
        )
      }
      formId="sent-by-hand-form"
      label="How was it sent?"
      placeholder="For example: Airtel Money from the co-op phone, transaction id MP2411.1234.A56789"
      maxLength={PAYOUT_NOTE_MAX_LENGTH}
      schema={sentByHandSchema}
      saving={record.isPending}
      onSave={(note) => {
        if (payout) record.mutate({ id: payout._id, note }, { onSuccess: onClose });
      }}
    />
  );
}

/** A failed payout dealt with: it leaves Needs attention; she is owed the money again either way. */
export function ResolvePayoutDialog({ payout, onClose }: { payout: Payout | null; onClose: () => void }) {
  const resolve = usePayoutNote('resolve');
  return (
    <NoteDialog
      open={payout !== null}
      onClose={onClose}
      title="Mark as dealt with"
      description={
        payout && (
          <>
            {payout.member.name}&apos;s payout of {kwachaOf(payout.amountNgwee)} failed. She is owed the money again;
            the next run pays it. Your name, the time and this note are kept with it.
          </>
        )
      }
      formId="resolve-payout-form"
      label="What was done?"
      placeholder="For example: her wallet was full; she emptied it"
      maxLength={PAYOUT_NOTE_MAX_LENGTH}
      schema={resolvePayoutSchema}
      saving={resolve.isPending}
      onSave={(note) => {
        if (payout) resolve.mutate({ id: payout._id, note }, { onSuccess: onClose });
      }}
    />
  );
}
