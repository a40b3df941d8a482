import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBackups, useMakeBackup } from './api';
import { BackupCard } from './backup-list';

/**
 * Backups: when the daily one runs, the latest ones with their outcome (a failure in red at
 * the top), "Back up now", and a download of each file this server still keeps, for a copy off the machine.
 */
export function BackupsPage() {
  useDocumentTitle('Backups');
  const backups = useBackups();
  const make = useMakeBackup();
  const data = backups.data;
  const running = data?.runs.some((run) => run.state === 'running') ?? false;
  const latest = data?.runs[0];
  const lastGood = data?.runs.find((run) => run.state === 'done');

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Backups</h1>
          {data && (
            <p className="mt-1 text-bark-700">
              {data.schedule
                ? `A backup is made every day at ${data.schedule} (server time); the last ${data.keep} daily ones are kept. One made with Back up now stays until its file is deleted.`
                : 'Daily backups are turned off on this server (BACKUP_SCHEDULE=off).'}
            </p>
          )}
        </div>
        <Button onClick={() => make.mutate()} disabled={!data || running || make.isPending}>
          {running || make.isPending ? 'Backing up...' : 'Back up now'}
        </Button>
      </div>

      {backups.isError && !data ? (
        <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="mb-4 font-semibold text-red-900">Failed to load backups. Please try again.</p>
          <Button onClick={() => backups.refetch()} disabled={backups.isRefetching}>
            Try again
          </Button>
        </div>
      ) : !data ? (
        <Spinner label="Loading backups" />
      ) : (
        <>
          {latest && (latest.state === 'failed' || latest.state === 'interrupted') && (
            <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-950">
              <p className="font-semibold">The last backup did not succeed.</p>
              <p className="mt-1 text-sm">
                {lastGood
                  ? `The newest good backup is from ${formatDateTime(lastGood.startedAt)}.`
                  : 'There is no good backup yet.'}{' '}
                Try "Back up now"; if it fails again, tell whoever runs the server.
              </p>
            </div>
          )}
          {data.runs.length === 0 ? (
            <p className="mt-6 rounded-2xl border border-sand-300 bg-white p-6 text-center text-bark-900">
              No backups yet.
            </p>
          ) : (
            <ul aria-label="Backups" className="mt-6 space-y-3">
              {data.runs.map((run) => (
                <BackupCard key={run.id} run={run} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
