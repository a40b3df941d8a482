/**
 * npx tsx scripts/measure-page-render.ts [--products 2000] [--pages 400] [--app DIR] [--save PREFIX]
 * (TEST_DATABASE_URL=postgres://... for PostgreSQL; `node --import tsx --cpu-prof` to profile it)
 *
 * What one server-drawn page costs one client on this machine, in-process (no sockets, no other load):
 * seeds a catalogue into a fresh database, serves the built web app (`npm run build:web` first) and asks
 * for `--pages` product pages and as many listing pages never asked for before, each as a browser's first
 * visit (brotli) and without compression, then the same product page again (the page cache). Then it
 * times the parts of one page on their own: the API answer (through the app, and read straight from the
 * catalogue cache where the app has it: decision 072), the drawing, the drawing again from the product's
 * kept part, the embedded data's JSON and compressing the whole page at several brotli qualities and gzip,
 * and says how many parts of pages the render module keeps and their memory. Medians, in ms of the clock and of
 * the process's CPU (less moved by other work on the machine). `--save PREFIX` writes a product page
 * and a listing page to PREFIX-product.html and PREFIX-listing.html.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1] ?? '');
const productCount = Number(args.get('products') ?? 2000);
const pageCount = Number(args.get('pages') ?? 400);
const appRoot = path.resolve(args.get('app') ?? path.join(import.meta.dirname, '..'));
process.env.WEB_DIST_DIR ??= path.join(appRoot, 'dist', 'web');

const { createTestApp } = (await import(
  pathToFileURL(path.join(appRoot, 'src/server/test/test-app.ts')).href
)) as typeof import('../src/server/test/test-app');
const { seedLargeCatalogue } = (await import(
  pathToFileURL(path.join(appRoot, 'src/server/seed/large.ts')).href
)) as typeof import('../src/server/seed/large');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (value: number) => value.toFixed(2).padStart(7);

const t = await createTestApp({ publicUrl: 'https://shop.example' });
const { app } = t;
try {
  await seedLargeCatalogue(app.db, app.imageStore, productCount, { seed: 32 });
  await app.catalogCache.invalidate('products');
  const ids: string[] = [];
  for (let page = 1; ids.length < productCount; page++) {
    const body = (await app.inject(`/api/products?limit=100&page=${page}`)).json() as { products: { _id: string }[] };
    if (body.products.length === 0) break;
    ids.push(...body.products.map((p) => p._id));
  }
  const browser = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
  const identity = { accept: 'text/html', 'accept-encoding': 'identity' };
  const get = async (url: string, headers: Record<string, string>) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    const took = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    return { took, cpu: (used.user + used.system) / 1000, response };
  };
  // The first pages load each screen's code and warm the JIT: not counted.
  for (const id of ids.slice(-20)) await get(`/products/${id}`, browser);
  const productIds = ids.slice(0, pageCount * 2);
  const timings: Record<string, number[]> = {};
  const add = (name: string, value: number) => (timings[name] ??= []).push(value);
  const timed = async (name: string, url: string, headers: Record<string, string>) => {
    const { took, cpu } = await get(url, headers);
    add(name, took);
    add(`${name} (CPU)`, cpu);
  };
  for (let i = 0; i < pageCount; i++) {
    await timed('product page, new, brotli', `/products/${productIds[2 * i]}`, browser);
    await timed('product page, new, identity', `/products/${productIds[2 * i + 1]}`, identity);
    await timed('product page, again, brotli', `/products/${productIds[2 * i]}`, browser);
    const listing = `/products?minPrice=${5 * (i % 40)}&maxPrice=${400 - 5 * Math.floor(i / 40)}&${randomUUID().slice(0, 4)}=1`;
    await timed('listing page, new, brotli', listing, browser);
    if (i === 0 && args.get('save'))
      writeFileSync(`${args.get('save')}-listing.html`, (await get(listing, identity)).response.body);
  }

  // The parts of one product page on their own.
  const renderModule = (await import(
    pathToFileURL(path.join(`${process.env.WEB_DIST_DIR}-ssr`, 'entry-server.js')).href
  )) as {
    renderer: import('../src/shared/page-render').PageRenderer;
    keptFragmentsSize?: () => { fragments: number; bytes: number };
  };
  const { renderer } = renderModule;
  // Decision 072's direct read, where the app measured has it.
  const products = (await import(pathToFileURL(path.join(appRoot, 'src/server/features/products/index.ts')).href)) as {
    readCatalogAnswer?: (app: unknown, apiPath: string) => Promise<string | null> | undefined;
  };
  const kept = renderModule.keptFragmentsSize?.();
  if (kept) add('kept fragments after the pages above (count)', kept.fragments);
  if (kept) add('kept fragments after the pages above (MB of text)', kept.bytes / 1e6);
  const partIds = ids.slice(pageCount * 2, pageCount * 3);
  let html = '';
  for (const id of partIds) {
    let started = performance.now();
    const product = (await app.inject(`/api/products/${id}`)).json();
    add('part: API answer (inject, catalogue cache miss)', performance.now() - started);
    const unread = ids[pageCount * 3 + partIds.indexOf(id)];
    if (products.readCatalogAnswer && unread) {
      started = performance.now();
      const cpu = process.cpuUsage();
      await products.readCatalogAnswer(app, `/api/products/${unread}`);
      add('part: catalogue read, direct (catalogue cache miss)', performance.now() - started);
      const used = process.cpuUsage(cpu);
      add('part: catalogue read, direct (catalogue cache miss) (CPU)', (used.user + used.system) / 1000);
    }
    const settings = (await app.inject('/api/settings')).json();
    const data = { settings, [`product:${id}`]: product };
    started = performance.now();
    const cpu = process.cpuUsage();
    const drawn = await renderer.render(`https://shop.example/products/${id}`, data, (e) => {
      throw e;
    });
    add('part: drawing (render to string)', performance.now() - started);
    const used = process.cpuUsage(cpu);
    add('part: drawing (render to string) (CPU)', (used.user + used.system) / 1000);
    started = performance.now();
    const cpuAgain = process.cpuUsage();
    await renderer.render(`https://shop.example/products/${id}`, data, (e) => {
      throw e;
    });
    const usedAgain = process.cpuUsage(cpuAgain);
    add('part: drawing again, the product kept (CPU)', (usedAgain.user + usedAgain.system) / 1000);
    started = performance.now();
    JSON.stringify(data);
    add('part: embedded data JSON', performance.now() - started);
    const page = (await get(`/products/${id}`, identity)).response.body;
    html = page;
    for (const quality of [1, 3, 4, 5, 6, 11]) {
      started = performance.now();
      brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
      add(`part: brotli quality ${quality} of the whole page`, performance.now() - started);
    }
    started = performance.now();
    gzipSync(page, { level: 6 });
    add('part: gzip level 6 of the whole page', performance.now() - started);
    if (drawn === null) throw new Error('not drawn');
  }
  const sizes = [1, 3, 4, 5, 6, 11].map(
    (quality) =>
      `q${quality} ${brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }).length}`,
  );
  console.log(`${productCount} products, ${pageCount} pages each (medians, ms; one client, in-process; ${appRoot}):`);
  for (const [name, values] of Object.entries(timings)) console.log(`${ms(median(values))}  ${name}`);
  const memory = process.memoryUsage();
  console.log(`heap used ${(memory.heapUsed / 1e6).toFixed(0)} MB, RSS ${(memory.rss / 1e6).toFixed(0)} MB`);
  if (args.get('save')) writeFileSync(`${args.get('save')}-product.html`, html);
  console.log(
    `a product page: ${Buffer.byteLength(html)} bytes; brotli ${sizes.join(', ')}; gzip ${gzipSync(html).length}`,
  );
} finally {
  await t.close();
}
