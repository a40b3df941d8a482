import FileUp from 'lucide-react/icons/file-up';
import { useId, useRef, useState } from 'react';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/order-status';
import type { MobileMoneyProvider } from '../../../../shared/schemas/payments';
import {
  STATEMENT_MAX_CHARACTERS,
  statementUploadSchema,
  type StatementReconciliation,
} from '../../../../shared/schemas/statements';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { failureMessage } from '../../../lib/failure-message';
import { useCheckStatement } from './api';

const PROVIDERS: { value: MobileMoneyProvider; label: string }[] = [
  { value: 'mtn', label: PAYMENT_METHOD_LABELS.mtn },
  { value: 'airtel', label: PAYMENT_METHOD_LABELS.airtel },
];

/**
 * The statement file, whose it is, and optionally the period: the file is read here and sent as text;
 * the server answers what it found and stores nothing.
 */
export function StatementForm({ onChecked }: { onChecked: (result: StatementReconciliation) => void }) {
  const [provider, setProvider] = useState<MobileMoneyProvider>('mtn');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const check = useCheckStatement();
  const problemId = useId();

  const submit = async () => {
    setProblem(null);
    if (!file) {
      setProblem('Choose the statement file (CSV) exported from the provider’s merchant portal.');
      return;
    }
    // Characters, not bytes, are what the server counts; four bytes a character is the most UTF-8 takes.
    if (file.size > 4 * STATEMENT_MAX_CHARACTERS) {
      setProblem('The file is too large: export a shorter period.');
      return;
    }
    const upload = { provider, csv: await file.text(), from: from || undefined, to: to || undefined };
    const checked = statementUploadSchema.safeParse(upload);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check the file and the dates.');
      return;
    }
    check.mutate(upload, {
      onSuccess: onChecked,
      onError: (error) =>
        setProblem(failureMessage(error, 'The statement could not be checked. Check the connection and try again.')),
    });
  };

  return (
    <form
      className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-6"
      aria-labelledby="statement-form-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="statement-form-heading" className="text-xl font-bold">
        Check a statement
      </h2>
      <p className="mt-1 text-sm text-bark-700">
        Export the statement from the MTN or Airtel merchant portal as CSV and choose it here. Nothing in the shop
        changes: you see what matches and what does not.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Provider"
          options={PROVIDERS}
          value={provider}
          onChange={(event) => setProvider(event.target.value as MobileMoneyProvider)}
        />
        <div>
          <label htmlFor="statement-file" className="mb-1.5 block text-sm font-semibold text-bark-900">
            Statement file (CSV)
          </label>
          <input
            id="statement-file"
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="block min-h-11 w-full rounded-xl border-2 border-dashed border-sand-300 bg-white px-3 py-2 text-base text-bark-900 file:mr-3 file:rounded-lg file:border-0 file:bg-sand-100 file:px-3 file:py-1.5 file:font-semibold"
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <TextField
          type="date"
          label="From (optional)"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value)}
          hint="Leave empty: the statement’s first day"
        />
        <TextField
          type="date"
          label="To (optional)"
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.target.value)}
          hint="Leave empty: the statement’s last day"
        />
      </div>
      {problem && (
        <p id={problemId} role="alert" className="mt-3 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <Button type="submit" className="mt-4" disabled={check.isPending}>
        <FileUp size={18} aria-hidden="true" />
        {check.isPending ? 'Checking…' : 'Check statement'}
      </Button>
    </form>
  );
}
