/** Refunds' public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin and routes. */
export { default as refundsPlugin } from './refunds-plugin';
export { default as refundRoutes } from './routes';
/** For returns and order edits: a refund asked inside their own transaction of the order events. */
export { askRefund } from './service';
export { inRefundTransaction, type RefundDeps } from './deps';
