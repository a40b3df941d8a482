export { CartProvider, useCart, type CartFacility } from './cart-context';
export type { Cart, CartItem } from './cart-store';
