/** Reports' public entry (docs/decisions/010-module-boundaries.md). */
export { default as reportRoutes } from './routes';
export { default as meRoutes } from './me-routes';
export { memberEarnings } from './member-report';
export { csvLine, UTF8_BOM } from './csv';
