// The shopper pays an order by mobile money: the pay panel of the success page and the account's order page.
export { PayByPhone } from './pay-by-phone';
// Checkout lists the methods the shop offers (Zamtel Kwacha only when a provider collects it).
export { useOfferedMethods } from './offered-methods';
