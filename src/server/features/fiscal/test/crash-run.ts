import { expect } from 'vitest';
import { startSimulators, type RunningSimulators } from '../../../../../simulators/server';
import { smartInvoiceEnvForSimulator } from '../../../../../simulators/vsdc';
import { killWhen, waitUntil } from '../../../test/kill-and-restart';
import type { ShopProcess } from '../../../test/shop-process';
import { productsInStock, registerCustomers } from '../../mail/test/server-process';
import { orderBody } from '../../orders/test/fixtures';

/**
 * The crash runs of crash-fiscal.test.ts (embedded database) and crash-fiscal.pg.test.ts (PostgreSQL):
 * real shops paying orders while the simulator's VSDC signs slowly, `kill -9` while a report is at the
 * device, a restart (or the other shop carries on). Then every order acknowledged paid has its receipt,
 * and no invoice number was ever sent to the device twice (decision 062: read back first).
 */
export const ADMIN = { email: 'fiscal.crash@coop-shop.example', password: 'correct horse battery staple' };
/** Each sale takes this long to sign: the shop is killed while one is at the device. */
const SIGNING_MS = 150;

export async function startSigningSimulator(): Promise<RunningSimulators> {
  const simulator = await startSimulators({ vsdc: { signingMs: SIGNING_MS } });
  return simulator;
}

export function fiscalEnv(simulator: RunningSimulators): Record<string, string> {
  return {
    ...smartInvoiceEnvForSimulator(simulator.url),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The restarted shop (or the other one) takes a killed shop's claim over soon.
    VSDC_LEASE_SECONDS: '3',
    VSDC_TIMEOUT_SECONDS: '5',
  };
}

async function adminAuth(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`admin login ${res.status}: ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

/**
 * Shoppers order and an admin marks each order paid, on `shops` in turn, until stopped; answers the orders
 * whose payment was acknowledged (a 200). Requests a kill cut off are not counted.
 */
export async function payOrders(shops: ShopProcess[], opts: { until: () => boolean; onPaid?: () => void }) {
  const admins = await Promise.all(shops.map((shop) => adminAuth(shop.base)));
  const shoppers = await registerCustomers(shops[0].base, 6);
  const products = await productsInStock(shops[0].base);
  const paid: string[] = [];
  let turn = 0;
  await Promise.all(
    shoppers.map(async (shopper) => {
      while (!opts.until()) {
        const at = turn++;
        const shop = shops[at % shops.length];
        const product = products[at % products.length];
        try {
          const placed = await fetch(`${shop.base}/api/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...shopper.auth },
            body: JSON.stringify(
              orderBody([{ product: product._id, name: product.name, quantity: 1, price: product.price }]),
            ),
          });
          if (placed.status !== 201) continue;
          const orderId = ((await placed.json()) as { _id: string })._id;
          const pay = await fetch(`${shop.base}/api/orders/${orderId}/pay`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', ...admins[at % shops.length] },
            body: JSON.stringify({ note: 'Cash at the co-op' }),
          });
          if (pay.status === 200) {
            paid.push(orderId);
            opts.onPaid?.();
          }
        } catch {
          if (!shops.some((s) => s.alive())) return;
        }
      }
    }),
  );
  return paid;
}

/** Orders are paid on `shops` until a sale is at the device (after `after` payments), then `victim` is killed. */
export async function killWhileSigning(
  shops: ShopProcess[],
  victim: ShopProcess,
  simulator: RunningSimulators,
  after = 8,
): Promise<{ paid: string[]; atDevice: boolean }> {
  let paidSoFar = 0;
  let stop = false;
  const paying = payOrders(shops, { until: () => stop || !victim.alive(), onPaid: () => (paidSoFar += 1) });
  const atDevice = await killWhen(victim, () => paidSoFar >= after && simulator.state.vsdc.inFlight > 0, 30_000, 5);
  // The other shop (if any) goes on a little after the kill, then the load stops.
  await new Promise((r) => setTimeout(r, shops.length > 1 ? 1_500 : 0));
  stop = true;
  const paid = await paying;
  // A request the kill cut off is still signed at the device, as a real VSDC would.
  await waitUntil(() => simulator.state.vsdc.inFlight === 0, 30_000, 20);
  return { paid, atDevice };
}

/** Waits until every acknowledged paid order has its receipt, then checks none was sent twice. */
export async function expectOneReceiptEach(simulator: RunningSimulators, paid: string[], waitMs: number) {
  const signed = () => {
    const receipts = simulator.state.vsdc.all().flatMap((device) => [...device.receipts.values()]);
    return new Map(receipts.map((r) => [r.cisInvcNo, r]));
  };
  const missing = () => paid.filter((orderId) => !signed().has(orderId));
  await waitUntil(() => missing().length === 0, waitMs, 250);
  expect(missing()).toEqual([]);
  const receipts = [...signed().values()];
  // requests counts every saveSales that carried the number: a second one would be a sale sent twice.
  expect(receipts.filter((r) => r.requests !== 1).map((r) => [r.cisInvcNo, r.requests])).toEqual([]);
  const reads = simulator.state.vsdc.requests.get('/trnsSales/selectInvoice') ?? 0;
  return { paid: paid.length, receipts: receipts.length, readBacks: reads };
}
