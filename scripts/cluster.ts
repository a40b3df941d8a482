/**
 * npm run cluster: the shop as it runs on several machines, on this one. N instances (from source,
 * through tsx; nothing is built) on the PostgreSQL of DATABASE_URL, behind nginx (round robin) on PORT.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop npm run cluster [-- --instances 3 | --ports 3001,3002]
 *   npm run cluster -- --print-nginx-config     the sample nginx config of the docs
 *
 * PORT: nginx's port (default 8080). Every other setting is passed to each instance as it is (STORAGE_URL and
 * S3_* for images every instance can serve, ADMIN_EMAIL, ...); JWT_SECRET is made up for the run when
 * unset, PUBLIC_URL is nginx's URL and TRUST_PROXY loopback unless set. Each instance gets its own
 * temporary DATA_DIR. Answers carry X-Upstream: which instance served them. Ctrl-C stops everything.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startLoadBalancer, type LoadBalancer } from '../src/server/test/load-balancer';
import { sampleNginxSiteConfig } from '../src/server/test/nginx-config';
import { cleanUpShops, startShop, tempFolder, type ShopProcess } from '../src/server/test/shop-process';

const { values } = parseArgs({
  options: { instances: { type: 'string' }, ports: { type: 'string' }, 'print-nginx-config': { type: 'boolean' } },
});
if (values['print-nginx-config']) {
  process.stdout.write(sampleNginxSiteConfig());
  process.exit(0);
}

const env = process.env;
const ports = values.ports ? values.ports.split(',').map(Number) : [];
const count = ports.length || Number(values.instances ?? 2);
if (
  !env.DATABASE_URL ||
  !Number.isInteger(count) ||
  count < 1 ||
  ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)
) {
  console.error(
    'Usage: DATABASE_URL=postgres://... [PORT=8080] npm run cluster [-- --instances N | --ports 3001,3002]',
  );
  process.exit(1);
}
const port = Number(env.PORT || 8080);
if (!env.STORAGE_URL)
  console.warn('STORAGE_URL is not set: an image uploaded through one instance is only on that instance.');

const shops: ShopProcess[] = [];
let balancer: LoadBalancer | undefined;
let stopping = false;

async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  await balancer?.close();
  // SIGTERM: each instance drains its requests in flight, as in a rolling restart.
  await Promise.all(shops.map((shop) => shop.stop()));
  await cleanUpShops();
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  const shared = {
    JWT_SECRET: env.JWT_SECRET || randomBytes(32).toString('hex'),
    PUBLIC_URL: env.PUBLIC_URL || `http://127.0.0.1:${port}`,
    TRUST_PROXY: env.TRUST_PROXY || 'loopback',
    LOG_LEVEL: env.LOG_LEVEL || 'warn',
  };
  // One after the other: the first migrates the database (and seeds the demo) before the next starts.
  for (let i = 0; i < count; i++) {
    const shop = await startShop({ ...shared, DATA_DIR: tempFolder(`coop-cluster-${i + 1}-`) }, ports[i]);
    shops.push(shop);
    console.log(`instance ${i + 1}: ${shop.base}`);
  }
  balancer = await startLoadBalancer(
    shops.map((shop) => `127.0.0.1:${shop.port}`),
    { port },
  );
  console.log(`nginx round robin over ${count} instances: ${balancer.url} (Ctrl-C stops all)`);
} catch (error) {
  console.error((error as Error).message);
  await stopAll(1);
}

// An instance that dies takes the cluster down, with its last words.
setInterval(() => {
  const dead = shops.find((shop) => !shop.alive());
  if (!dead || stopping) return;
  console.error(`The instance on ${dead.base} stopped:\n${dead.output().slice(-3000)}`);
  void stopAll(1);
}, 1000);
