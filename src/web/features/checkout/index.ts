// What other features (the customer's account) reuse of the checkout: the order view and how to pay.
export { orderQuery } from './api';
export { OrderDetails } from './order-details';
export { HowToPayPanel, PaymentInstructions } from './payment-instructions';
