#!/usr/bin/env node
// Prints every chunk of dist/web with its raw, gzip and brotli size, and fails when the JavaScript a
// shopper downloads to open the home page (the entry, the home chunk and everything they import
// statically) is above the budget. Run after `vite build`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const HOME_SOURCE = 'src/web/features/catalog/pages/home-page.tsx';
const dist = path.resolve(process.argv[2] ?? process.env.WEB_DIST_DIR ?? 'dist/web');

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error(`No build manifest in ${dist}: run \`vite build\` first.`);
  process.exit(1);
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const data = readFileSync(path.join(dist, file));
    sizes.set(file, {
      raw: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(file);
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [path.relative(dist, full)];
  });
}

const files = walk(dist).filter((f) => /\.(js|css)$/.test(f)).sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip);
console.log(`${'file'.padEnd(56)}${'raw KB'.padStart(8)}${'gzip KB'.padStart(8)}${'br KB'.padStart(8)}`);
for (const file of files) {
  const s = sizeOf(file);
  console.log(`${file.padEnd(56)}${kb(s.raw)} ${kb(s.gzip)} ${kb(s.brotli)}`);
}

/** The chunk of a manifest key and every chunk it imports statically, transitively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || !manifest[HOME_SOURCE]) {
  console.error('Could not find the entry or the home page chunk in the manifest.');
  process.exit(1);
}
const firstLoad = new Set([...closure(entryKey), ...closure(HOME_SOURCE)]);
const js = [...firstLoad].filter((f) => f.endsWith('.js'));
const total = js.reduce((sum, f) => sum + sizeOf(f).gzip, 0);
const totalBrotli = js.reduce((sum, f) => sum + sizeOf(f).brotli, 0);
const css = [...new Set([...(manifest[entryKey].css ?? []), ...(manifest[HOME_SOURCE].css ?? [])])];
const cssGzip = css.reduce((sum, f) => sum + sizeOf(f).gzip, 0);

console.log(`\nFirst load of / : ${js.length} JS files, ${kb(total).trim()} KB gzip (${kb(totalBrotli).trim()} KB brotli); CSS ${kb(cssGzip).trim()} KB gzip`);
for (const f of js) console.log(`  ${f}`);
if (total > BUDGET_KB * 1024) {
  console.error(`Over budget: ${kb(total).trim()} KB gzip > ${BUDGET_KB} KB`);
  process.exit(1);
}
console.log(`Within the ${BUDGET_KB} KB gzip budget.`);
