/** Smart Invoice's public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin and routes. */
export { default as fiscalPlugin, type FiscalService } from './fiscal-plugin';
export { default as fiscalRoutes } from './routes';
