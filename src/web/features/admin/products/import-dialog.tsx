import { useId, useRef, useState } from 'react';
import {
  PRODUCT_IMPORT_MAX_CHARACTERS,
  type ProductImportReport,
  type ProductImportRow,
} from '../../../../shared/schemas/product-import';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toast } from '../../../lib/toast';
import { serverReason, useImportProducts } from './api';

/** Rows listed in the dialog; the counts above them cover every row. */
const ROWS_SHOWN = 100;

type Step =
  | { kind: 'choose' }
  | { kind: 'sending'; what: 'check' | 'import'; fraction: number }
  | { kind: 'checked'; csv: string; report: ProductImportReport };

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function RowLine({ row }: { row: ProductImportRow }) {
  const what =
    row.action === 'error'
      ? row.errors.join(' ')
      : row.action === 'create'
        ? 'New product'
        : row.action === 'update'
          ? `Update: ${row.changes.join(', ')}`
          : 'No change';
  return (
    <li
      className={`rounded-lg border px-3 py-2 text-sm ${row.action === 'error' ? 'border-red-200 bg-red-50 text-red-950' : 'border-sand-200 bg-white text-bark-900'}`}
    >
      <span className="font-semibold">Row {row.row}</span>
      {row.sku && <span className="font-mono"> · {row.sku}</span>}
      {row.name && <span> · {row.name}</span>}
      <span className="block break-words">{what}</span>
    </li>
  );
}

/**
 * Import products from a CSV file: the file is checked first (a dry run listing every row's
 * errors), and only a file without errors can be imported, all rows at once or none.
 */
export function ImportProductsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const run = useImportProducts();
  const hintId = useId();

  const close = () => {
    if (step.kind === 'sending') return;
    setStep({ kind: 'choose' });
    setProblem(null);
    onClose();
  };

  const send = async (csv: string, dryRun: boolean) => {
    setProblem(null);
    setStep({ kind: 'sending', what: dryRun ? 'check' : 'import', fraction: 0 });
    try {
      const report = await run.mutateAsync({
        csv,
        dryRun,
        onProgress: (fraction) => setStep({ kind: 'sending', what: dryRun ? 'check' : 'import', fraction }),
      });
      if (report.applied) {
        toast.success(
          `Imported: ${plural(report.created, 'new product')}, ${plural(report.updated, 'product')} updated`,
        );
        setStep({ kind: 'choose' });
        onClose();
        return;
      }
      setStep({ kind: 'checked', csv, report });
    } catch (error) {
      const refused = (error as { data?: { report?: ProductImportReport } }).data?.report;
      if (refused) setStep({ kind: 'checked', csv, report: refused });
      else setStep({ kind: 'choose' });
      setProblem(serverReason(error) ?? 'The file could not be sent. Check the connection and try again.');
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const csv = await file.text();
    if (fileInput.current) fileInput.current.value = '';
    if (csv.length > PRODUCT_IMPORT_MAX_CHARACTERS) {
      setProblem('The file is too large: import it in parts of at most 5,000 products.');
      return;
    }
    await send(csv, true);
  };

  const checked = step.kind === 'checked' ? step : null;
  const report = checked?.report ?? null;
  const importable = report !== null && report.failed === 0 && report.created + report.updated > 0;
  const listed = report
    ? [...report.rows]
        .sort((a, b) => Number(b.action === 'error') - Number(a.action === 'error') || a.row - b.row)
        .filter((r) => r.action !== 'unchanged')
    : [];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      size="lg"
      title="Import products from CSV"
      description="Each row is matched by its SKU: a known SKU updates that product, a new one creates a product. The file is checked first; nothing is written until you import."
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={step.kind === 'sending'}>
            {importable ? 'Cancel' : 'Close'}
          </Button>
          {importable && checked && (
            <Button onClick={() => void send(checked.csv, false)}>
              Import {plural(report.created + report.updated, 'product')}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4">
        <div>
          <label className="block font-semibold text-bark-900" htmlFor={`${hintId}-file`}>
            CSV file
          </label>
          <input
            ref={fileInput}
            id={`${hintId}-file`}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            disabled={step.kind === 'sending'}
            onChange={(event) => void onFile(event.target.files?.[0])}
            className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-2 file:border-forest-700 file:bg-white file:px-4 file:font-semibold file:text-forest-800"
          />
          <p id={hintId} className="mt-1 text-sm text-bark-700">
            Columns by their header, in any order: SKU (needed), Name, Category, Price (ZMW), Stock, Description, Brand,
            Featured (yes/no), Size, Low stock at, Images (addresses separated by |). A blank cell keeps what is stored.
            The products export of the Reports page can be edited and imported back.
          </p>
        </div>

        {step.kind === 'sending' && (
          <div role="status" className="space-y-2">
            <p className="font-semibold text-bark-900">
              {step.fraction < 1
                ? `Sending the file... ${Math.round(step.fraction * 100)}%`
                : step.what === 'check'
                  ? 'Checking every row...'
                  : 'Importing...'}
            </p>
            <ProgressBar
              value={step.fraction * 100}
              label={step.what === 'check' ? 'Checking the file' : 'Importing the file'}
            />
          </div>
        )}

        {problem && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-950">
            {problem}
          </p>
        )}

        {report && (
          <section aria-label="Check of the file" className="space-y-3">
            <p role="status" className="font-semibold text-bark-900">
              {plural(report.rows.length, 'row')}: {report.created} new, {report.updated} to update, {report.unchanged}{' '}
              unchanged
              {report.failed > 0 ? `, ${plural(report.failed, 'row')} with errors.` : '.'}
            </p>
            {report.failed > 0 && (
              <p className="text-sm text-red-900">
                Correct the rows below in the file, save it as CSV and choose it again. Nothing was imported.
              </p>
            )}
            {report.failed === 0 && report.created + report.updated === 0 && (
              <p className="text-sm text-bark-700">Every product in the file is as stored: nothing to import.</p>
            )}
            {report.ignoredColumns.length > 0 && (
              <p className="text-sm text-bark-700">Columns left out: {report.ignoredColumns.join(', ')}.</p>
            )}
            {listed.length > 0 && (
              <ul aria-label="Rows" className="space-y-2">
                {listed.slice(0, ROWS_SHOWN).map((row) => (
                  <RowLine key={row.row} row={row} />
                ))}
              </ul>
            )}
            {listed.length > ROWS_SHOWN && (
              <p className="text-sm text-bark-700">And {plural(listed.length - ROWS_SHOWN, 'more row')}.</p>
            )}
          </section>
        )}
      </div>
    </Dialog>
  );
}
