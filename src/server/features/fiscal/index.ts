/** Smart Invoice's public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin. */
export { default as fiscalPlugin, type FiscalService } from './fiscal-plugin';
