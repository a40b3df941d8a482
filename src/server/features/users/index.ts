/** Users' public entry (docs/decisions/010-module-boundaries.md): the app serves the routes; main.ts makes sure the admin exists. */
export { default as userRoutes } from './routes';
export { ensureAdmin } from './ensure-admin';
// USSD (features/ussd) knows its caller by the number: the same accounts phone sign-in opens.
export { findPhoneAccount, openPhoneAccount } from './phone-account';
export type { UserRow } from './queries';
