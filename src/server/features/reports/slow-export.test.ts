import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct, placeOrderAs, stockOf } from '../orders/test/fixtures';

/**
 * A download the client stops reading (a phone on a slow line, a cancelled download) must hold nothing a
 * write needs: each batch of an export is its own short query, so between batches, while the answer waits
 * for the client, the database is free (PGlite's one connection, or a pool connection on PostgreSQL).
 */
describe('exports that the client stops reading', () => {
  let t: TestApp;
  let port: number;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let customer: Awaited<ReturnType<typeof createUser>>;
  let product: { id: string };
  /** The server's side of every connection, to see what it holds and when it lets go. */
  const serverSockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    t.app.server.on('connection', (socket: Socket) => serverSockets.push(socket));
    admin = await createUser(t, { isAdmin: true });
    customer = await createUser(t);
    product = await insertProduct(t, { price: 42.5, countInStock: 10 });
    // About 8 MB of CSV that does not compress away: more than the kernel's socket buffers hold.
    await t.app.db.execute(sql`
      insert into products (name, price_ngwee, category, count_in_stock, sku)
      select 'Chitenge bag ' || g || ' ' || repeat(md5(g::text), 6), 5000, 'bags', 5, 'BAG-' || md5(g::text)
      from generate_series(1, 40000) g`);
  }, 120_000);
  afterAll(() => t.close());

  /** Asks for the products export on a raw connection that reads nothing until told to. */
  async function stalledDownload(): Promise<{ client: Socket; server: Socket }> {
    const client = net.connect({ port, host: '127.0.0.1' });
    await new Promise((resolve) => client.once('connect', resolve));
    client.pause();
    client.write(
      `GET /api/reports/products.csv HTTP/1.1\r\nHost: shop\r\nAccept-Encoding: identity\r\nAuthorization: ${admin.auth.authorization}\r\n\r\n`,
    );
    const server = await waitFor(() => serverSockets.find((s) => s.remotePort === client.localPort));
    return { client, server };
  }

  const placeOrder = () => placeOrderAs(t, customer.auth, [{ product: product.id, quantity: 2, price: 42.5 }]);

  /**
   * The cancel over a real connection, as the back office sends it; null when it got no answer in 15 s. A
   * held database would never answer while the download waits; the bounds are wide for a loaded machine.
   */
  async function cancel(orderId: string): Promise<{ status: number; ms: number } | null> {
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/orders/${orderId}/status`, {
      method: 'PUT',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Cancelled' }),
      signal: AbortSignal.timeout(15_000),
    }).catch(() => null);
    return res ? { status: res.status, ms: Date.now() - started } : null;
  }

  it('cancels an order (its stock goes back) while a download waits for its client', async () => {
    const orderId = await placeOrder();
    const { client, server } = await stalledDownload();
    try {
      // The export has gone as far as the client lets it: the server's writes wait for it to read.
      // Reading 40,000 products takes a while when other tests share the cores.
      await waitFor(() => server.writableNeedDrain || undefined, 60_000);
      const answer = await cancel(orderId);
      expect(answer?.status).toBe(200);
      expect(answer!.ms).toBeLessThan(10_000);
      expect(await stockOf(t, product.id)).toBe(10);
      expect(server.writableNeedDrain, 'the download was still held up by its client').toBe(true);
    } finally {
      client.destroy();
    }
    // A client that goes away is noticed: the server lets its side of the connection go.
    await waitFor(() => server.destroyed || undefined);
  }, 120_000);

  it('cancels an order while more downloads wait than PostgreSQL has pool connections', async () => {
    const orderId = await placeOrder();
    // The test app's pool has 20 connections (createTestApp); PGlite has one, so a few show it there.
    const stalled: { client: Socket; server: Socket }[] = [];
    for (let i = 0; i < (t.databaseUrl ? 22 : 3); i++) stalled.push(await stalledDownload());
    try {
      await waitFor(() => stalled.every(({ server }) => server.writableNeedDrain) || undefined, 90_000);
      const answer = await cancel(orderId);
      expect(answer?.status).toBe(200);
      expect(answer!.ms).toBeLessThan(10_000);
    } finally {
      for (const { client } of stalled) client.destroy();
    }
    await waitFor(() => stalled.every(({ server }) => server.destroyed) || undefined);
  }, 150_000);

  it('cancels an order right after a download was dropped part way', async () => {
    const orderId = await placeOrder();
    const { client, server } = await stalledDownload();
    client.resume();
    await new Promise((resolve) => setTimeout(resolve, 300));
    client.destroy();
    const answer = await cancel(orderId);
    expect(answer?.status).toBe(200);
    expect(answer!.ms).toBeLessThan(10_000);
    await waitFor(() => server.destroyed || undefined);
  }, 60_000);
});

async function waitFor<T>(look: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = look();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
