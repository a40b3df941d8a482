/** The dashboard's public entry (docs/decisions/010-module-boundaries.md). */
export { default as dashboardRoutes } from './routes';
