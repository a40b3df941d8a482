/**
 * `sizes` of the product photo on its detail page. The server's preload hint for that photo
 * (src/server/features/web) uses the same value, so the browser fetches one variant, once.
 */
export const PRODUCT_MAIN_IMAGE_SIZES = '(min-width: 1024px) 560px, (min-width: 768px) 50vw, 100vw';
