/** Mail's public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin and routes. */
export { default as mailPlugin } from './mail-plugin';
export { default as mailRoutes } from './routes';
// coop-shop (features/operations) mails the admins when a backup does not restore, as the shop would send.
export { createMailTransport } from './transport';
