import { APP_SOURCE, PAGE_SOURCES, staticClosure, type ViteManifest } from '../../src/server/features/ssr';

/**
 * The most JavaScript (gzip) a public page may need on its first load: the entry, the app it starts, the
 * page's chunk and everything they import statically. Measured on Preact (decision 019): home
 * 48.7, listing 57.8, product 58.3 KB.
 */
export const FIRST_LOAD_BUDGET_KB = 80;

/** The public pages whose first load is weighed, with the address a shopper opens. */
export const WEIGHED_PAGES = [
  { name: 'home', address: '/', source: PAGE_SOURCES.home! },
  { name: 'listing', address: '/products', source: PAGE_SOURCES.products! },
  { name: 'product', address: '/products/:id', source: PAGE_SOURCES.product! },
];

export interface FirstLoad {
  js: string[];
  css: string[];
}

/**
 * The files a browser loads before the page at `pageSource` can run: the entry, the app it starts
 * (APP_SOURCE, when the build has it apart) and the page chunk, with their static imports, transitively,
 * and the CSS of any of them. Throws when the manifest lacks either, so a
 * renamed page module fails the report instead of weighing nothing.
 */
export function firstLoad(manifest: ViteManifest, pageSource: string): FirstLoad {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry chunk');
  if (!manifest[pageSource]) throw new Error(`the build manifest has no chunk for ${pageSource}`);
  const keys = [
    ...staticClosure(manifest, pageSource, staticClosure(manifest, APP_SOURCE, staticClosure(manifest, entryKey))),
  ];
  const files = keys.map((key) => manifest[key].file);
  return {
    js: files.filter((file) => file.endsWith('.js')),
    css: [...new Set(keys.flatMap((key) => manifest[key].css ?? []))],
  };
}

/** The sum of `sizeOf` over `files`, in bytes. */
export function totalBytes(files: readonly string[], sizeOf: (file: string) => number): number {
  return files.reduce((sum, file) => sum + sizeOf(file), 0);
}

/**
 * Pages over the budget, with the most they may weigh meanwhile (gzip KB), so they cannot grow while
 * they are brought under it; none today.
 */
export const ALLOWED_OVER_BUDGET_KB: Readonly<Record<string, number>> = {};

export interface Verdict {
  name: string;
  jsGzipBytes: number;
  /** within the budget; over it but within the page's allowance; or over whatever applies (fails the report). */
  verdict: 'within' | 'allowed' | 'over';
  limitKb: number;
}

/** Each page's first-load JavaScript against the budget, or against its allowance when it has one. */
export function judgeFirstLoad(
  pages: readonly { name: string; jsGzipBytes: number }[],
  budgetKb: number = FIRST_LOAD_BUDGET_KB,
  allowances: Readonly<Record<string, number>> = ALLOWED_OVER_BUDGET_KB,
): Verdict[] {
  return pages.map(({ name, jsGzipBytes }) => {
    if (jsGzipBytes <= budgetKb * 1024) return { name, jsGzipBytes, verdict: 'within', limitKb: budgetKb };
    const allowance = allowances[name];
    if (allowance !== undefined && jsGzipBytes <= allowance * 1024)
      return { name, jsGzipBytes, verdict: 'allowed', limitKb: allowance };
    return { name, jsGzipBytes, verdict: 'over', limitKb: allowance ?? budgetKb };
  });
}
