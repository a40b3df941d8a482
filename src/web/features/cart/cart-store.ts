import { computeTotalsInKwacha, toKwacha, toNgwee } from '../../../shared/money';
import { isRecord } from '../../lib/storage';

/** SPEC §3: kept in the browser under 'cart'. */
export const CART_STORAGE_KEY = 'cart';

export interface CartItem {
  /** The product's id. */
  id: string;
  /**
   * The size (variant) chosen, for a product with options (docs/decisions/067-sizes-and-sets.md); absent on
   * a plain product's line, and on lines stored before sizes existed, which the server sells as the default.
   */
  variant?: string;
  /** With a variant: the product's name and the variant's label, "Mungongo Oil (250 ml)", as the order names it. */
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

/**
 * What tells one line from another: the product, and its variant when it has one, so two sizes of one oil
 * are two lines. Ids are uuids, which hold no ':'.
 */
export function lineKey(item: { id: string; variant?: string }): string {
  return item.variant ? `${item.id}:${item.variant}` : item.id;
}

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
  const { id, variant, name, price, image, quantity } = value;
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) return null;
  // A line without a variant (stored before sizes, or a plain product) stays a plain line; a broken one is dropped.
  if (variant !== undefined && (typeof variant !== 'string' || variant.length === 0 || variant.length > 64))
    return null;
  if (typeof name !== 'string' || name.length === 0) return null;
  const numericPrice = typeof price === 'string' ? Number(price) : price;
  if (typeof numericPrice !== 'number' || !Number.isFinite(numericPrice) || numericPrice < 0) return null;
  const numericQuantity = typeof quantity === 'string' ? Number(quantity) : quantity;
  if (typeof numericQuantity !== 'number' || !Number.isFinite(numericQuantity) || numericQuantity < 1) return null;
  return {
    id,
    ...(variant !== undefined && { variant }),
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
    const same = items.find((existing) => lineKey(existing) === lineKey(item));
    if (same) same.quantity += item.quantity;
    else items.push(item);
  }
  return cartOf(items);
}

export type CartAction =
  | { type: 'add'; item: Omit<CartItem, 'quantity'>; quantity: number }
  /** `key`: the line's lineKey. */
  | { type: 'remove'; key: string }
  | { type: 'update'; key: string; quantity: number }
  | { type: 'clear' }
  | { type: 'replace'; cart: Cart };

/**
 * SPEC §4: the same line (product, and variant when it has one) adds to its quantity, a new one is
 * appended; quantities never fall below 1.
 */
export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      const quantity = Math.max(1, Math.floor(action.quantity));
      const key = lineKey(action.item);
      const exists = cart.items.some((item) => lineKey(item) === key);
      const items = exists
        ? cart.items.map((item) => (lineKey(item) === key ? { ...item, quantity: item.quantity + quantity } : item))
        : [...cart.items, { ...action.item, quantity }];
      return cartOf(items);
    }
    case 'remove':
      return cartOf(cart.items.filter((item) => lineKey(item) !== action.key));
    case 'update': {
      if (!Number.isFinite(action.quantity)) return cart;
      const quantity = Math.max(1, Math.floor(action.quantity));
      return cartOf(cart.items.map((item) => (lineKey(item) === action.key ? { ...item, quantity } : item)));
    }
    case 'clear':
      return EMPTY_CART;
    case 'replace':
      return action.cart;
  }
}
