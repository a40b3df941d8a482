/** SMS's public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin. */
export { default as smsPlugin } from './sms-plugin';
