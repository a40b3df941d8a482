/** Payments' public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin and routes. */
export { default as paymentsPlugin } from './payments-plugin';
export { default as paymentRoutes } from './routes';
// Refunds (features/refunds) send money back through these (docs/decisions/032-refunds-sent-once.md).
export { ProviderError } from './providers/collection-provider';
export type { RefundProvider, RefundReading, RefundRequest } from './providers/refund-provider';
export { refundProvidersFor, refundRouteFor, type ProviderRefundRoute } from './providers/refund-routes';
// Mail and texts say "approve the prompt" only for the methods a provider collects.
export { collectedMethods } from './providers/registry';
// Each provider's callback routes, which anyone may call (the route-access tests list every operation).
export { callbackOperations } from './providers/registry';
// USSD (features/ussd) sends the prompt of an order it placed through the same attempt path as the web.
export { startAttempt, NOT_AVAILABLE } from './service';
// The pages that pay open the content security policy to the card widget's origin (features/ssr).
export { cardWidgetOrigin } from './providers/registry';
// Member payouts (features/payouts) send shares to members' wallets through these (docs/decisions/064-member-payouts.md).
export type { PayoutProvider, PayoutReading, PayoutRequest } from './providers/payout-provider';
export { payoutProvidersFor, payoutRouteFor } from './providers/payout-routes';
// Order edits refuse while a payment of the order is under way (its amount would no longer be what is due).
export { findLiveAttempt } from './queries';
