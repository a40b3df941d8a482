/** Payments' public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin and routes. */
export { default as paymentsPlugin } from './payments-plugin';
export { default as paymentRoutes } from './routes';
