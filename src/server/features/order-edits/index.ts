/** Order edits' public entry (docs/decisions/010-module-boundaries.md, 070-order-edits.md): the app serves its routes. */
export { default as orderEditRoutes } from './routes';
