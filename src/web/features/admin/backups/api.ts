import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupOverview, BackupRunJson } from '../../../../shared/schemas/backups';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { downloadWithProgress, saveFile } from '../../../lib/download-with-progress';
import { failureMessage } from '../../../lib/failure-message';
import { toast } from '../../../lib/toast';

const BACKUPS_QUERY = ['admin', 'backups'] as const;
/** While a backup is being written the list is read again this often, to show it done. */
const WHILE_RUNNING_MS = 2_000;

export function useBackups() {
  return useQuery({
    queryKey: BACKUPS_QUERY,
    queryFn: ({ signal }) => apiRequest<BackupOverview>('/backups', { signal }),
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.state === 'running') ? WHILE_RUNNING_MS : false,
    meta: { errorToast: false },
  });
}

export function useMakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BackupRunJson>('/backups', { method: 'POST' }),
    meta: { errorToast: false },
    onSuccess: () => toast.success('Backup started'),
    onError: (error) => toast.error(failureMessage(error, 'Failed to start the backup')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY }),
  });
}

/** The file comes with the admin's token, so it is fetched here and handed to the browser as a download. */
export async function downloadBackup(run: BackupRunJson) {
  try {
    const file = await downloadWithProgress({
      path: `/backups/${encodeURIComponent(run.id)}/file`,
      fallbackName: run.file ?? 'backup.tar.gz',
    });
    saveFile(file);
  } catch (error) {
    const offline = error instanceof ApiError && error.kind === 'network';
    toast.error(
      offline ? 'Failed to download the backup. Check your connection and try again.' : (error as Error).message,
    );
  }
}
