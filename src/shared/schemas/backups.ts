import { z } from 'zod';

/** A run that has not finished this long after it started was cut off (the server stopped part way). */
export const BACKUP_INTERRUPTED_AFTER_MINUTES = 60;

export const backupRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'admin', 'command']),
  state: z.enum(['running', 'done', 'failed', 'interrupted']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  file: z.string().nullable(),
  bytes: z.number().nullable(),
  rows: z.number().nullable(),
  images: z.number().nullable(),
  error: z.string().nullable(),
  /** The file can be downloaded from the instance that answered (it made the file and still keeps it). */
  downloadable: z.boolean(),
});
export type BackupRunJson = z.infer<typeof backupRunSchema>;

export const backupOverviewSchema = z.object({
  /** Daily time (server time, HH:MM), or null when scheduled backups are off. */
  schedule: z.string().nullable(),
  keep: z.number(),
  runs: z.array(backupRunSchema),
});
export type BackupOverview = z.infer<typeof backupOverviewSchema>;

export const backupIdParamsSchema = z.object({ id: z.uuid({ error: 'Backup not found' }) });
