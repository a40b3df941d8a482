/** Backups' public entry (docs/decisions/010-module-boundaries.md): the app's plugin and routes, and the control socket main.ts opens. */
export { default as backupsPlugin } from './backups-plugin';
export { default as backupRoutes } from './routes';
export { openControlSocket } from './control-socket';
// coop-shop (features/operations) copies backups off the machine and proves once a week that one restores.
export { openBackupBucket, backupDate, type BackupBucket } from './backup-bucket';
export { BACKUP_FILE_NAME, BackupFileError } from './backup-file';
export { testRestore, type RestoreTestResult } from './restore-test';
// coop-shop update tells whether a failed release changed the database (then the backup goes back).
export { appliedSchema } from './schema-version';
