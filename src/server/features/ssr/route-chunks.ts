import type { AppPageName } from '../../../shared/app-pages';
import type { PageKind } from './page-meta';

export type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/** The lazy page module of each screen (src/web/app/routes.tsx); the bundle report weighs them too. */
export const PAGE_SOURCES: Partial<Record<PageKind['kind'], string>> = {
  home: 'src/web/features/catalog/pages/home-page.tsx',
  products: 'src/web/features/catalog/pages/products-page.tsx',
  product: 'src/web/features/catalog/pages/product-detail-page.tsx',
  about: 'src/web/features/pages/about-page.tsx',
  contact: 'src/web/features/pages/contact-page.tsx',
  'not-found': 'src/web/features/pages/not-found-page.tsx',
};

const PRIVATE_SOURCES: Partial<Record<AppPageName, string>> = {
  login: 'src/web/features/auth/login-page.tsx',
  register: 'src/web/features/auth/register-page.tsx',
  cart: 'src/web/features/cart/cart-page.tsx',
};

/** The manifest keys of a chunk and of every chunk it imports statically, transitively. */
export function staticClosure(manifest: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The app the tiny entry (src/web/boot.ts) starts once the page is painted: Preact, the router, the
 * header and the cart. Every page needs it, so its chunks are hinted in every page's <head>.
 */
export const APP_SOURCE = 'src/web/main.tsx';

/**
 * The app's chunks, then the page's chunk and its imports, minus what index.html already loads: without
 * these hints the browser learns of them only after the entry has run, a round trip more on 3G each.
 */
export function routePreloads(manifest: ViteManifest, page: PageKind): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const alreadyLoaded = entryKey ? staticClosure(manifest, entryKey) : new Set<string>();
  const wanted = staticClosure(manifest, APP_SOURCE);
  const source = page.kind === 'private' ? PRIVATE_SOURCES[page.page] : PAGE_SOURCES[page.kind];
  if (source) staticClosure(manifest, source, wanted);
  return [...wanted].filter((key) => !alreadyLoaded.has(key)).map((key) => `/${manifest[key].file}`);
}
