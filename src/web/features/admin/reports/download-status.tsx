import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { failureMessage } from '../../../lib/failure-message';
import type { useFileDownload } from './api';

const rowsFormat = new Intl.NumberFormat('en-ZM');

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const rowsText = (rows: number) => `${rowsFormat.format(rows)} ${rows === 1 ? 'row' : 'rows'}`;

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Where a download stands: the live region says when it starts, ends or fails (not every chunk, which
 * would talk over everything); the bar and the rows line show how far it has got.
 */
export function DownloadStatus({ download }: { download: ReturnType<typeof useFileDownload> }) {
  const { isPending, isSuccess, isError, error, data, progress, variables, cancel } = download;
  const what = variables?.what ?? 'file';
  const total = progress?.totalRows ?? null;
  const share = total ? (Math.min(progress!.rows, total) / total) * 100 : 0;

  let said = '';
  if (isPending) said = `Downloading ${what}...`;
  else if (isSuccess && data)
    said = `Saved ${data.fileName} (${data.rows === 0 ? 'no rows for these dates' : rowsText(data.rows)}).`;

  return (
    <div className="mt-4 space-y-2 print:hidden">
      <p role="status" className={said ? 'text-sm font-medium text-bark-900' : 'sr-only'}>
        {said}
      </p>
      {isPending && (
        <div className="space-y-2 rounded-xl bg-sand-50 p-3">
          {total !== null && total > 0 && <ProgressBar value={share} label={`Downloading ${what}`} />}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-bark-800">
              {progress
                ? `${total ? `${rowsFormat.format(Math.min(progress.rows, total))} of ${rowsText(total)}` : rowsText(progress.rows)} · ${formatBytes(progress.bytes)}`
                : 'Asking the shop...'}
            </p>
            <Button variant="ghost" size="sm" onClick={cancel}>
              Cancel download
            </Button>
          </div>
        </div>
      )}
      {isError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900">
          {isAbort(error)
            ? 'Download cancelled.'
            : failureMessage(error, 'The download failed. Check your connection and try again.')}
        </p>
      )}
    </div>
  );
}
