/**
 * Orders' public entry (docs/decisions/010-module-boundaries.md): the app registers its events, routes and
 * the release of unpaid orders; payments reads the order it collects for and makes it paid; the dashboard names an order's
 * customer as orders do; SMS writes the signed order link.
 */
export { default as orderEventsPlugin } from './order-events-plugin';
export { default as orderRoutes } from './routes';
export { default as ordersToShipRoutes } from './to-ship-routes';
export { default as orderLinkRoutes } from './order-link-routes';
export { default as unpaidReleasePlugin } from './unpaid-release-plugin';
export { orderCollectedRoutes, pickupRoutes } from './collected-routes';
export { ORDER_CURRENCY, findPayableOrder, settleOrderPayment, type PayableOrder } from './paid';
export { orderCustomer } from './serialize';
export { orderLinkUrl, readOrderLink } from './order-link';
export { findRefundableOrder, lockRefundableOrder, raiseOrderRefunded, type RefundableOrder } from './refunded';
export type { RaiseOrderEvent, RefundedMoney, ReturnTexts, UnpaidRelease } from './order-events-plugin';
// Payments' owed-back rows count an order's money as refunds do: the total an admin recorded as paid by hand.
export { collectedByHandNgwee } from './refund-figures';
// USSD orders (features/ussd) are placed by the web checkout's own function: one home for prices and stock.
export { placeOrder, PRICES_CHANGED, type PlacedOrder } from './place-order';
// Returns and exchanges (features/returns) lock and read an order as refunds do, and place a replacement order.
export {
  findOrderForReturn,
  lockOrderForReturn,
  orderForEvent,
  placeReplacementOrder,
  type OrderForReturn,
  type ReplacementLine,
} from './for-returns';
// Order edits (features/order-edits, decision 070) change an order under its row lock.
export {
  editedOrderJson,
  findEditableOrderRow,
  lockEditableOrder,
  raiseOrderEdited,
  writeEditedOrder,
  type EditableOrder,
  type EditedLine,
  type EditedOrderValues,
} from './edited';
export type { OrderRow as EditableOrderRow } from './queries';
export { orderEditedEntry } from './order-audit';
export type { EditedMoney } from './order-events-plugin';
