import {
  createContext,
  startTransition,
  useContext,
  useLayoutEffect,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { drawsServerView } from '../../lib/hydration';
import { toast } from '../../lib/toast';
import { readStored, writeStored } from '../../lib/storage';
import { CART_STORAGE_KEY, cartOf, cartReducer, repairCart, type Cart, type CartItem } from './cart-store';

export interface CartFacility extends Cart {
  addItem: (item: Omit<CartItem, 'quantity'>, quantity?: number) => void;
  /** `key`: the line's lineKey (its product, and its variant when it has one). */
  removeItem: (key: string) => void;
  updateQuantity: (key: string, quantity: number) => void;
  clearCart: () => void;
  /** Puts the server's view in place (new prices, capped quantities) without toasts: the screen explains it. */
  replaceItems: (items: CartItem[]) => void;
}

const CartContext = createContext<CartFacility | null>(null);

function loadCart(): Cart {
  return repairCart(readStored(CART_STORAGE_KEY));
}

export function CartProvider({ children }: { children: ReactNode }) {
  // A server-drawn page is adopted with an empty cart, as the server drew it; the stored one follows.
  const [fromServer] = useState(drawsServerView);
  const [cart, dispatch] = useReducer(cartReducer, undefined, () => (fromServer ? cartOf([]) : loadCart()));
  const stored = useRef(!fromServer);

  // Saved after every change, and once at start so a repaired cart replaces the broken one; never
  // before the stored cart has been read, which the empty first cart would overwrite. Saved as the
  // change is drawn, not after the paint (when Preact runs effects): a page left right after a tap
  // (a link to a page the server draws, the tab closed) took the badge's new count but not the cart.
  useLayoutEffect(() => {
    if (stored.current) writeStored(CART_STORAGE_KEY, cart);
  }, [cart]);

  useEffect(() => {
    if (stored.current) return;
    stored.current = true;
    const saved = loadCart();
    // Most first visits have no cart: nothing to draw again, only a broken stored one to replace. Else a
    // transition, so the header's badge is drawn in slices that a tap can interrupt; a tap's own change
    // to the cart is kept (React applies both in the order they were made).
    if (saved.items.length === 0) writeStored(CART_STORAGE_KEY, saved);
    else startTransition(() => dispatch({ type: 'replace', cart: saved }));
  }, []);

  // Another tab changed the cart: follow it, so two tabs never overwrite each other's lines.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) dispatch({ type: 'replace', cart: loadCart() });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const addItem = useCallback((item: Omit<CartItem, 'quantity'>, quantity = 1) => {
    dispatch({ type: 'add', item, quantity });
    toast.success(`${item.name} added to cart`, { description: `${quantity} item(s) added` });
  }, []);
  const removeItem = useCallback((key: string) => {
    dispatch({ type: 'remove', key });
    toast.success('Item removed from cart');
  }, []);
  const updateQuantity = useCallback(
    (key: string, quantity: number) => dispatch({ type: 'update', key, quantity }),
    [],
  );
  const clearCart = useCallback(() => dispatch({ type: 'clear' }), []);
  const replaceItems = useCallback((items: CartItem[]) => dispatch({ type: 'replace', cart: cartOf(items) }), []);

  const value = useMemo<CartFacility>(
    () => ({ ...cart, addItem, removeItem, updateQuantity, clearCart, replaceItems }),
    [cart, addItem, removeItem, updateQuantity, clearCart, replaceItems],
  );
  return <CartContext value={value}>{children}</CartContext>;
}

export function useCart(): CartFacility {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart must be used within a CartProvider');
  return cart;
}
