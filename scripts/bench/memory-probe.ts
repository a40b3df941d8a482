/**
 * Where a shop instance's memory goes, on PostgreSQL with a generated catalogue:
 *   npx tsx scripts/bench/memory-probe.ts [--products 10000] [--seconds 15]
 * Seeds a scratch database, starts the built server (dist/, `npm run build` first) with
 * --heapsnapshot-signal, drives never-seen keyword searches and random product pages with autocannon,
 * then prints the process's peak and current RSS, V8's heap figures (from a heap snapshot taken at the
 * end) and the largest kinds of live objects, so the RSS can be told apart from what is actually held.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../../src/server/db/scratch-database';
import { freePort, stopChild, waitForHealth } from '../local-server';
import { neverSeenKeywords, pick, readCatalogue } from './catalogue';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1] ?? '');
const products = Number(args.get('products') ?? 10_000);
const seconds = Number(args.get('seconds') ?? 15);
const root = path.resolve(import.meta.dirname, '../..');
const pgAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const status = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { peakRssMb: Math.round(kb('VmHWM') / 1024), rssMb: Math.round(kb('VmRSS') / 1024) };
};

function load(url: string, setupPath: () => string) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url,
        connections: 50,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, path: setupPath() }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  );
}

/** Self sizes of a V8 heap snapshot by node type and constructor name: what the live objects are. */
function summariseSnapshot(file: string) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const meta = snapshot.snapshot.meta;
  const fields: string[] = meta.node_fields;
  const types: string[] = meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const nodes: number[] = snapshot.nodes;
  const strings: string[] = snapshot.strings;
  const byKind = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    const size = nodes[i + sizeAt];
    total += size;
    const kind = type === 'object' || type === 'closure' ? `${type} ${strings[nodes[i + nameAt]]}` : type;
    const entry = byKind.get(kind) ?? { bytes: 0, count: 0 };
    entry.bytes += size;
    entry.count += 1;
    byKind.set(kind, entry);
  }
  const top = [...byKind.entries()].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 15);
  return {
    liveHeapMb: Math.round(total / 1048576),
    top: top.map(([kind, e]) => `${(e.bytes / 1048576).toFixed(1)} MB  ${e.count}  ${kind}`),
  };
}

async function main() {
  const database = await createScratchDatabase(pgAdminUrl, 'shop_memory');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-memory-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  try {
    execFileSync('node', ['dist/server/cli/seed.js', '--products', String(products)], {
      cwd: root,
      env,
      stdio: 'ignore',
    });
    const port = await freePort();
    const nodeArgs = [
      '--heapsnapshot-signal=SIGUSR2',
      ...(process.env.PROBE_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ];
    const child = spawn('node', [...nodeArgs, path.join(root, 'dist/server/main.js')], {
      cwd: dataDir,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(base, child);
      console.log('started', status(child.pid!));
      const catalogue = await readCatalogue(base);
      console.log('after reading the catalogue', status(child.pid!));
      const keywords = neverSeenKeywords(catalogue);
      const searched = await load(base, () => `/api/products?keyword=${encodeURIComponent(keywords.next())}&limit=12`);
      console.log(`never-seen keywords ${Math.round(searched.requests.average)}/s`, status(child.pid!));
      const detailed = await load(base, () => `/api/products/${pick(catalogue)._id}`);
      console.log(`random details ${Math.round(detailed.requests.average)}/s`, status(child.pid!));
      child.kill('SIGUSR2');
      // The snapshot is written in pieces: it is whole once its size has stopped changing for a while.
      const snapshotFile = () => readdirSync(dataDir).find((f) => f.endsWith('.heapsnapshot'));
      let lastSize = -1;
      for (let i = 0, steady = 0; i < 1200 && steady < 10; i++) {
        await new Promise((r) => setTimeout(r, 200));
        const current = snapshotFile();
        const size = current ? statSync(path.join(dataDir, current)).size : -1;
        steady = size > 0 && size === lastSize ? steady + 1 : 0;
        lastSize = size;
      }
      const file = snapshotFile();
      console.log('after the snapshot', status(child.pid!));
      if (file) console.log(summariseSnapshot(path.join(dataDir, file)));
    } finally {
      await stopChild(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

await main();
