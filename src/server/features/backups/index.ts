/** Backups' public entry (docs/decisions/010-module-boundaries.md): the app's plugin and routes, and the control socket main.ts opens. */
export { default as backupsPlugin } from './backups-plugin';
export { default as backupRoutes } from './routes';
export { openControlSocket } from './control-socket';
