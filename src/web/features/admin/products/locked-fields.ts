import type { ProductFormValues } from './product-form';

/** What the server holds now of the product's make-up (none: a product not saved yet). */
export interface SavedMakeUp {
  hasOptions: boolean;
  isSet: boolean;
  price: number;
  countInStock: number;
  sku: string;
  size: string | null;
}

/** What the Sizes and Gift set tabs hold now (as saved, while those tabs were never opened). */
export interface DraftMakeUp {
  hasOptions: boolean;
  isSet: boolean;
  /** With options: the default variant's figures, and the stock of all variants together. */
  defaultPrice: string;
  defaultSku: string;
  defaultSize: string;
  stockSum: number;
}

export type LockedField = 'price' | 'countInStock' | 'sku' | 'size';

export interface LockedFields {
  /** The Basic Info and Details fields shown read-only, with the value shown: set on the other tabs. */
  shown: Partial<Pick<ProductFormValues, LockedField>>;
  /** What the product's own save sends for them instead of the form's values. */
  sent: Partial<Pick<ProductFormValues, LockedField>>;
}

const asSaved = (saved: SavedMakeUp) => ({
  price: String(saved.price),
  countInStock: String(saved.countInStock),
  sku: saved.sku,
  size: saved.size ?? '',
});

/**
 * Which of the product's own fields the Sizes and Gift set tabs decide (docs/decisions/067-sizes-and-sets.md).
 * A product with options: its price, SKU and size are its default variant's and its stock the variants'
 * sum; a gift set: its stock is what its parts allow. Those fields are shown read-only. The product's own
 * save goes first (then the variants or parts): while the server holds options it refuses a changed stock
 * and writes price, SKU and size to the default variant, so the save sends what the server holds, and the
 * variants' save that follows writes the rest; made plain, the form's figures go with that save.
 */
export function lockedFields(saved: SavedMakeUp | null, draft: DraftMakeUp): LockedFields {
  let shown: LockedFields['shown'] = {};
  if (draft.hasOptions)
    shown = {
      price: draft.defaultPrice,
      countInStock: String(draft.stockSum),
      sku: draft.defaultSku,
      size: draft.defaultSize,
    };
  // A set's stock stays read-only until its end is saved (its parts' save then leaves it at 0).
  else if (draft.isSet || saved?.isSet) shown = { countInStock: saved ? String(saved.countInStock) : '0' };

  if (saved?.hasOptions) return { shown, sent: asSaved(saved) };
  if (saved?.isSet) return { shown, sent: { countInStock: String(saved.countInStock) } };
  // A plain product gaining options or parts: the sizes' figures stand in until their own save follows;
  // a blank SKU on the default variant keeps the product's own.
  const sent = { ...shown };
  if (sent.sku !== undefined && sent.sku.trim() === '') delete sent.sku;
  return { shown, sent };
}
