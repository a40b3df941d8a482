export { CartProvider, useCart, type CartFacility } from './cart-context';
export { lineKey, type Cart, type CartItem } from './cart-store';
