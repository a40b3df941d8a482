import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import type { BackupRunJson } from '../../../../shared/schemas/backups';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { downloadBackup } from './api';

const STATE: Record<BackupRunJson['state'], { label: string; tone: BadgeTone }> = {
  running: { label: 'Being made', tone: 'blue' },
  done: { label: 'Done', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  interrupted: { label: 'Did not finish', tone: 'amber' },
};

const TRIGGER: Record<BackupRunJson['trigger'], string> = {
  schedule: 'Daily backup',
  admin: 'Made from the back office',
  command: 'Made on the server (npm run backup)',
};

export function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** One backup as a card: fits a phone, and a laptop shows them in a column just as well. */
export function BackupCard({ run }: { run: BackupRunJson }) {
  const [downloading, setDownloading] = useState(false);
  const { label, tone } = STATE[run.state];
  return (
    <li className="rounded-2xl border border-sand-300 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{formatDateTime(run.startedAt)}</p>
        <Badge tone={tone}>{label}</Badge>
      </div>
      <p className="mt-1 text-sm text-bark-700">{TRIGGER[run.trigger]}</p>
      {run.state === 'done' && run.bytes !== null && (
        <p className="mt-2 text-sm text-bark-900">
          {formatSize(run.bytes)} · {run.rows} records · {run.images} image files
        </p>
      )}
      {run.error && <p className="mt-2 rounded-xl bg-red-50 p-3 text-sm text-red-900">{run.error}</p>}
      {run.state === 'done' && run.file && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {run.downloadable ? (
            <Button
              variant="outline"
              size="sm"
              disabled={downloading}
              onClick={async () => {
                setDownloading(true);
                await downloadBackup(run).finally(() => setDownloading(false));
              }}
            >
              <Download aria-hidden className="size-4" />
              {downloading ? 'Downloading...' : 'Download'}
              <span className="sr-only"> backup of {formatDateTime(run.startedAt)}</span>
            </Button>
          ) : (
            <p className="text-sm text-bark-700">The file is no longer kept on this server.</p>
          )}
          <span className="break-all font-mono text-xs text-bark-700">{run.file}</span>
        </div>
      )}
    </li>
  );
}
