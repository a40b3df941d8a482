/** The server-drawn pages' public entry (docs/decisions/010-module-boundaries.md): the app registers the plugin; the bundle scripts read the page chunks. */
export { default as ssrPlugin } from './ssr-plugin';
export { APP_SOURCE, PAGE_SOURCES, staticClosure, type ViteManifest } from './route-chunks';
