/** Products' public entry (docs/decisions/010-module-boundaries.md): the app registers the catalogue cache and routes. */
export { default as catalogCachePlugin } from './catalog-cache-plugin';
export { default as productRoutes } from './routes';
export { default as productImportRoutes } from './import-routes';
export { default as variantRoutes } from './variant-routes';
export { readCatalogAnswer } from './catalog-answers';
