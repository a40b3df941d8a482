import pg from 'pg';
import { registerCustomers, productsInStock } from '../../mail/test/server-process';
import { orderBody } from '../../orders/test/fixtures';

/**
 * Test-only: members owed their shares in a real shop process (the crash tests). Each member makes one of
 * the seeded products (at 100% to its makers); a shopper orders it over HTTP, an admin marks the order paid
 * and delivered over HTTP, and the shares ledger credits her in the delivery's transaction.
 */
const NETWORKS = ['mtn', 'airtel', 'zamtel'] as const;
const PREFIX = { mtn: '96', airtel: '97', zamtel: '95' } as const;

export interface CrashMember {
  id: string;
  mobile: string;
  network: (typeof NETWORKS)[number];
}

async function send(base: string, method: 'POST' | 'PUT', path: string, auth: Record<string, string>, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ _id: string }>;
}

/** `count` members on MTN, Airtel and Zamtel in turn, each owed her product's price; two admins to run the payouts. */
export async function owedMembersInShop(base: string, databaseUrl: string, count: number) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const [customer, maker, checker] = await registerCustomers(base, 3);
    await db.query('update users set is_admin = true where email = any($1)', [[maker.email, checker.email]]);
    const products = (await productsInStock(base)).slice(0, count);
    if (products.length < count) throw new Error(`the seed has ${products.length} products, not ${count}`);
    const members: CrashMember[] = [];
    for (const [i, product] of products.entries()) {
      const network = NETWORKS[i % NETWORKS.length];
      const mobile = `+260${PREFIX[network]}1${String(200_000 + i).padStart(6, '0')}`;
      const { rows } = await db.query<{ id: string }>(
        'insert into members (name, mobile, network) values ($1, $2, $3) returning id',
        [`Crash Maker ${i + 1}`, mobile, network],
      );
      await db.query('insert into product_makers (product_id, member_id) values ($1, $2)', [product._id, rows[0].id]);
      await db.query('update products set makers_percent = 100 where id = $1', [product._id]);
      members.push({ id: rows[0].id, mobile, network });
      const order = await send(
        base,
        'POST',
        '/api/orders',
        customer.auth,
        orderBody([{ product: product._id, name: product.name, quantity: 1, price: product.price }]),
      );
      await send(base, 'PUT', `/api/orders/${order._id}/pay`, maker.auth, { note: 'Cash at the stall' });
      await send(base, 'PUT', `/api/orders/${order._id}/deliver`, maker.auth, {});
    }
    return { maker, checker, members };
  } finally {
    await db.end();
  }
}

/** A run proposed by one admin and approved by the other, over HTTP: its payouts start on their way. */
export async function proposeAndApprove(
  base: string,
  admins: { maker: { auth: Record<string, string> }; checker: { auth: Record<string, string> } },
) {
  const run = await send(base, 'POST', '/api/payouts/runs', admins.maker.auth, {});
  await send(base, 'PUT', `/api/payouts/runs/${run._id}/approve`, admins.checker.auth, {});
  return run;
}
