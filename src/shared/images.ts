/**
 * Every stored product image is one WebP original (long side capped) plus narrower copies for
 * srcset. The copies are named after the original, so a URL alone tells every variant.
 */
export const IMAGE_VARIANT_WIDTHS = [400, 800] as const;
export const IMAGE_MAX_SIDE = 1600;
export const STORED_IMAGE_NAME = /^[a-f0-9]{32}\.webp$/;
export const UPLOADS_PATH = '/uploads/';

export function variantUrl(url: string, width: number): string {
  return url.replace(/\.webp$/, `-${width}.webp`);
}

/** srcset for a stored image; other URLs (e.g. a future CDN) are used as they are. */
export function imageSrcSet(url: string): string | undefined {
  const name = url.split('/').pop() ?? '';
  if (!STORED_IMAGE_NAME.test(name)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${variantUrl(url, w)} ${w}w`).join(', ');
}

export function storedImageName(url: string): string | null {
  const name = url.split('?')[0].split('/').pop() ?? '';
  return STORED_IMAGE_NAME.test(name) ? name : null;
}

/**
 * `sizes` of the product photo on its detail page. The server's preload hint for that photo uses the
 * same value, so the browser fetches one variant, once.
 */
export const PRODUCT_MAIN_IMAGE_SIZES = '(min-width: 1024px) 560px, (min-width: 768px) 50vw, 100vw';
