import { useState, type FormEvent } from 'react';
import { MAX_BULK_RECIPIENTS } from '../../../../shared/schemas/mail';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useSendBulkEmail } from './api';

export interface Recipient {
  name: string;
  email: string;
}

interface BulkEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recipients: Recipient[];
  /** After a send that reached at least one person; names those it did not reach. */
  onSent: (failedRecipients: string[]) => void;
}

const FORM_ID = 'bulk-email-form';

export function BulkEmailDialog({ open, onOpenChange, recipients, onSent }: BulkEmailDialogProps) {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  const send = useSendBulkEmail();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim() || !message.trim()) {
      setProblem('Please fill in both subject and message');
      return;
    }
    if (recipients.length > MAX_BULK_RECIPIENTS) {
      setProblem(`At most ${MAX_BULK_RECIPIENTS} recipients per message`);
      return;
    }
    setProblem('');
    send.mutate(
      { recipients: recipients.map((r) => r.email), subject: subject.trim(), message: message.trim() },
      {
        onSuccess: (result) => {
          setSubject('');
          setMessage('');
          onSent(result.failedRecipients);
        },
      },
    );
  };

  const changeOpen = (next: boolean) => {
    if (send.isPending) return;
    if (!next) setProblem('');
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title="Send Email"
      description={`Sending to ${recipients.length} customer(s)`}
      footer={
        <>
          <Button variant="outline" onClick={() => changeOpen(false)} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Email'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-4">
        <div>
          <h3 id={`${FORM_ID}-recipients`} className="mb-1.5 font-sans text-sm font-semibold text-bark-900">
            Recipients
          </h3>
          {/* Focusable so a keyboard can scroll a long list. */}
          <ul
            aria-labelledby={`${FORM_ID}-recipients`}
            tabIndex={0}
            className="max-h-36 divide-y divide-sand-200 overflow-y-auto rounded-xl border border-sand-200 bg-sand-50 text-sm"
          >
            {recipients.map((recipient) => (
              <li key={recipient.email} className="px-3 py-2">
                <span className="font-medium text-bark-900">{recipient.name}</span>{' '}
                <span className="break-all text-bark-600">&lt;{recipient.email}&gt;</span>
              </li>
            ))}
          </ul>
        </div>
        <TextField
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          maxLength={200}
          autoComplete="off"
        />
        <TextAreaField
          label="Message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          rows={6}
          maxLength={20_000}
        />
        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}
