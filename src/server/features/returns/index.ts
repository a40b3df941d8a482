/** Returns' public entry (docs/decisions/010-module-boundaries.md): the app registers its plugin and routes; USSD asks a return. */
export { default as returnsPlugin } from './returns-plugin';
export { default as returnRoutes } from './routes';
export { default as returnOrderLinkRoutes } from './order-link-routes';
export { askReturn, returnableFor, returnWorth, type AskReturnBody } from './service';
export type { ReturnAsker } from './access';
