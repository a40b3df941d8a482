/** SMS's public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin. */
export { default as smsPlugin } from './sms-plugin';
// coop-shop (features/operations) texts the admins when a backup does not restore, as the shop would send.
export { createSmsTransport } from './transport';
// Members' wallet-change texts give the shop's contact phone as the order texts do (0971234567).
export { localNumber } from './order-texts';
