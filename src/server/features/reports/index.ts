/** Reports' public entry (docs/decisions/010-module-boundaries.md). */
export { default as reportRoutes } from './routes';
export { csvLine, UTF8_BOM } from './csv';
