import { computeTotalsInKwacha, toKwacha, toNgwee } from '../../../shared/money';
import { isRecord } from '../../lib/storage';

/** SPEC §3: kept in the browser under 'cart'. */
export const CART_STORAGE_KEY = 'cart';

export interface CartItem {
  id: string;
  name: string;
  price: number;
  image: string;
  quantity: number;
}

export interface Cart {
  items: CartItem[];
  totalItems: number;
  totalAmount: number;
}

export const EMPTY_CART: Cart = { items: [], totalItems: 0, totalAmount: 0 };

/** Totals are always recomputed from the lines, in ngwee so that sums never drift. */
export function cartOf(items: CartItem[]): Cart {
  return {
    items,
    totalItems: items.reduce((sum, item) => sum + item.quantity, 0),
    totalAmount: computeTotalsInKwacha(items).itemsPrice,
  };
}

/** A stored line we can trust, or null. Quantities are whole numbers of at least 1. */
function repairItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const { id, name, price, image, quantity } = value;
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) return null;
  if (typeof name !== 'string' || name.length === 0) return null;
  const numericPrice = typeof price === 'string' ? Number(price) : price;
  if (typeof numericPrice !== 'number' || !Number.isFinite(numericPrice) || numericPrice < 0) return null;
  const numericQuantity = typeof quantity === 'string' ? Number(quantity) : quantity;
  if (typeof numericQuantity !== 'number' || !Number.isFinite(numericQuantity) || numericQuantity < 1) return null;
  return {
    id,
    name: name.slice(0, 200),
    price: toKwacha(toNgwee(numericPrice)),
    image: typeof image === 'string' ? image : '',
    quantity: Math.floor(numericQuantity),
  };
}

/**
 * Whatever was stored (bad JSON already became null, old shapes, hand edits) becomes a valid cart:
 * lines that cannot be trusted are dropped, duplicates merged, and the totals recomputed.
 */
export function repairCart(stored: unknown): Cart {
  const rawItems = isRecord(stored) && Array.isArray(stored.items) ? stored.items : Array.isArray(stored) ? stored : [];
  const items: CartItem[] = [];
  for (const raw of rawItems) {
    const item = repairItem(raw);
    if (!item) continue;
    const same = items.find((existing) => existing.id === item.id);
    if (same) same.quantity += item.quantity;
    else items.push(item);
  }
  return cartOf(items);
}

export type CartAction =
  | { type: 'add'; item: Omit<CartItem, 'quantity'>; quantity: number }
  | { type: 'remove'; id: string }
  | { type: 'update'; id: string; quantity: number }
  | { type: 'clear' }
  | { type: 'replace'; cart: Cart };

/** SPEC §4: the same id adds to its quantity, a new id is appended; quantities never fall below 1. */
export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      const quantity = Math.max(1, Math.floor(action.quantity));
      const exists = cart.items.some((item) => item.id === action.item.id);
      const items = exists
        ? cart.items.map((item) =>
            item.id === action.item.id ? { ...item, quantity: item.quantity + quantity } : item,
          )
        : [...cart.items, { ...action.item, quantity }];
      return cartOf(items);
    }
    case 'remove':
      return cartOf(cart.items.filter((item) => item.id !== action.id));
    case 'update': {
      if (!Number.isFinite(action.quantity)) return cart;
      const quantity = Math.max(1, Math.floor(action.quantity));
      return cartOf(cart.items.map((item) => (item.id === action.id ? { ...item, quantity } : item)));
    }
    case 'clear':
      return EMPTY_CART;
    case 'replace':
      return action.cart;
  }
}
