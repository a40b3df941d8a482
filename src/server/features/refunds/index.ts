/** Refunds' public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin and routes. */
export { default as refundsPlugin } from './refunds-plugin';
export { default as refundRoutes } from './routes';
