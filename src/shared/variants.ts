/**
 * Sizes (variants) as shoppers read them (docs/decisions/067-sizes-and-sets.md). Plain functions without
 * zod, so the storefront's pages use them without loading the schemas; src/shared/schemas/products.ts
 * re-exports them.
 */

/** The variant's values as one label: "250 ml", "Large / Lemongrass". */
export function variantLabel(values: readonly string[]): string {
  return values.join(' / ');
}

/** An order line's or cart line's name: the product's, and the variant's label after it. */
export function nameWithVariant(name: string, label: string | null | undefined): string {
  return label ? `${name} (${label})` : name;
}

/**
 * The variant a product page opens on: the one its address names (`?variant=`, a shared link or a cart
 * line), else the default when it can be bought, else the first that can, else the default. The server
 * (the page's tags, src/server/features/ssr/page-meta.ts, and the page itself) and the browser all choose
 * with this, from the same product and address, so the page the app adopts is the page the server drew.
 */
export function initialVariant<V extends { _id: string; countInStock: number; isDefault: boolean }>(
  variants: readonly V[],
  named: string | null | undefined,
): V | undefined {
  const wanted = named?.trim().toLowerCase();
  const byAddress = wanted ? variants.find((v) => v._id.toLowerCase() === wanted) : undefined;
  if (byAddress) return byAddress;
  const fallback = variants.find((v) => v.isDefault) ?? variants[0];
  if (!fallback || fallback.countInStock > 0) return fallback;
  return variants.find((v) => v.countInStock > 0) ?? fallback;
}
