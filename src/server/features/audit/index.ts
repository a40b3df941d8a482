/** The audit trail's public entry (docs/decisions/010-module-boundaries.md): features record what admins did; the app serves the list. */
export { default as auditRoutes } from './routes';
export { changedFields, kwachaOf, recordAudit, type AuditActor, type AuditEntry } from './service';
