/** The health check's public entry (docs/decisions/010-module-boundaries.md). */
export { default as healthRoutes } from './routes';
