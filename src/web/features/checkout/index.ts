// What other features (the customer's account, the order link) reuse of the checkout: the order view, how to pay, what came back.
export { orderQuery } from './api';
export { OrderDetails } from './order-details';
export { OrderDelivery } from './order-delivery';
export { HowToPayPanel, PaymentInstructions } from './payment-instructions';
export { RefundMark } from './refund-mark';
export { FiscalReceiptPanel } from './fiscal-receipt';
