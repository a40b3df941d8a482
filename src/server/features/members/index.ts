/** Members' public entry (docs/decisions/010-module-boundaries.md): the app serves the members and who-made-what routes. */
export { default as memberRoutes } from './routes';
export { default as productMakerRoutes } from './makers-routes';
