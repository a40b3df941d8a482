// Prints every chunk of dist/web with its raw, gzip and brotli size, then the JavaScript a shopper
// downloads to open home, listing and a product page (the entry, the page's chunk and everything they
// import statically), and fails when any is above FIRST_LOAD_BUDGET_KB or, for a page already over it,
// its ALLOWED_OVER_BUDGET_KB (scripts/bundle/first-load.ts); then what the service worker downloads ahead on a
// first visit to home, which fails above PRECACHE_AHEAD_BUDGET_KB (scripts/bundle/precache-ahead.ts).
// Run after `vite build`: tsx scripts/bundle-report.ts [DIST_DIR].
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ViteManifest } from '../src/server/features/ssr';
import { FIRST_LOAD_BUDGET_KB, firstLoad, judgeFirstLoad, totalBytes, WEIGHED_PAGES } from './bundle/first-load';
import { PRECACHE_AHEAD_BUDGET_KB, precacheAhead } from './bundle/precache-ahead';
import { firstVisitFiles } from './vite-pwa';

const dist = path.resolve(process.argv[2] ?? process.env.WEB_DIST_DIR ?? 'dist/web');

let manifest: ViteManifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error(`No build manifest in ${dist}: run \`vite build\` first.`);
  process.exit(1);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const data = readFileSync(path.join(dist, file));
    size = {
      raw: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [path.relative(dist, full)];
  });
}

const files = walk(dist)
  .filter((f) => /\.(js|css)$/.test(f))
  .sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip);
console.log(`${'file'.padEnd(56)}${'raw KB'.padStart(8)}${'gzip KB'.padStart(8)}${'br KB'.padStart(8)}`);
for (const file of files) {
  const s = sizeOf(file);
  console.log(`${file.padEnd(56)}${kb(s.raw)} ${kb(s.gzip)} ${kb(s.brotli)}`);
}

let pages;
try {
  pages = WEIGHED_PAGES.map((page) => ({ ...page, ...firstLoad(manifest, page.source) }));
} catch (error) {
  console.error(`Could not weigh the first load: ${(error as Error).message}.`);
  process.exit(1);
}
const weighed = pages.map((page) => ({ ...page, jsGzipBytes: totalBytes(page.js, (f) => sizeOf(f).gzip) }));
console.log(`\nFirst load (budget ${FIRST_LOAD_BUDGET_KB} KB of JavaScript gzip):`);
for (const page of weighed) {
  const brotli = totalBytes(page.js, (f) => sizeOf(f).brotli);
  const css = totalBytes(page.css, (f) => sizeOf(f).gzip);
  console.log(
    `${page.name} (${page.address}): ${page.js.length} JS files, ${kb(page.jsGzipBytes).trim()} KB gzip (${kb(brotli).trim()} KB brotli); CSS ${kb(css).trim()} KB gzip`,
  );
  for (const f of page.js) console.log(`  ${f}`);
}
// The service worker's downloads on a first visit to home (decision 071), beyond the page's own files.
const home = weighed.find((page) => page.name === 'home')!;
const ahead = precacheAhead(firstVisitFiles(manifest), [...home.js, ...home.css]);
const aheadBrotli = totalBytes(ahead, (f) => sizeOf(f).brotli);
console.log(
  `\nThe worker's downloads ahead on a first visit to home (budget ${PRECACHE_AHEAD_BUDGET_KB} KB brotli): ${ahead.length} files, ${kb(aheadBrotli).trim()} KB brotli`,
);
for (const f of ahead) console.log(`  ${f}`);
const aheadOver = aheadBrotli > PRECACHE_AHEAD_BUDGET_KB * 1024;

const verdicts = judgeFirstLoad(weighed);
for (const page of verdicts.filter((v) => v.verdict === 'allowed')) {
  console.warn(
    `${page.name}: ${kb(page.jsGzipBytes).trim()} KB gzip is over the ${FIRST_LOAD_BUDGET_KB} KB budget; allowed up to ${page.limitKb} KB meanwhile (ALLOWED_OVER_BUDGET_KB)`,
  );
}
const over = verdicts.filter((v) => v.verdict === 'over');
if (aheadOver) {
  console.error(
    `Over budget: the worker's downloads ahead, ${kb(aheadBrotli).trim()} KB brotli > ${PRECACHE_AHEAD_BUDGET_KB} KB (scripts/vite-pwa.ts: LIKELY_NEXT_SOURCES)`,
  );
}
if (over.length > 0) {
  console.error(
    `Over budget: ${over.map((v) => `${v.name} ${kb(v.jsGzipBytes).trim()} KB gzip > ${v.limitKb} KB`).join(', ')}`,
  );
  process.exit(1);
}
if (aheadOver) process.exit(1);
console.log(
  `Within the ${FIRST_LOAD_BUDGET_KB} KB gzip budget${verdicts.some((v) => v.verdict === 'allowed') ? ', or the allowance of a page named above' : ''}.`,
);
