/**
 * Discount codes' public entry (docs/decisions/010-module-boundaries.md): the app serves the admin and check
 * routes; orders apply a code in the order's transaction and record its redemption.
 */
export { default as discountRoutes } from './routes';
export { applyDiscountCode, CodeRefused, recordRedemption, type AppliedDiscount } from './service';
export { takeCodeTry } from './code-tries';
// Order edits (features/order-edits) judge an order's code again on its new lines.
export { judgeOrderCode, rewriteRedemption } from './order-code';
