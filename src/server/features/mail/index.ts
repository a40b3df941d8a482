/** Mail's public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin and routes. */
export { default as mailPlugin } from './mail-plugin';
export { default as mailRoutes } from './routes';
