/** Member payouts' public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin and routes. */
export { default as payoutsPlugin } from './payouts-plugin';
export { default as payoutRoutes } from './routes';
