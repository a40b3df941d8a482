import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { orderBody } from '../../orders/test/fixtures';

/** Test-only: customers placing orders against the real shop, for the crash and load tests of the mail outbox. */

interface Shopper {
  email: string;
  auth: Record<string, string>;
}

export async function registerCustomers(base: string, count: number): Promise<Shopper[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `shopper.${i + 1}.${tag}@example.com`;
      const res = await fetch(`${base}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Shopper ${i + 1}`, email, password: 'correct horse battery' }),
      });
      if (res.status !== 201) throw new Error(`register ${res.status}: ${await res.text()}`);
      const { token } = (await res.json()) as { token: string };
      return { email, auth: { authorization: `Bearer ${token}` } };
    }),
  );
}

interface ProductOnSale {
  _id: string;
  name: string;
  price: number;
  countInStock: number;
}

export async function productsInStock(base: string): Promise<ProductOnSale[]> {
  const res = await fetch(`${base}/api/products?limit=100`);
  const { products } = (await res.json()) as { products: ProductOnSale[] };
  return products.filter((p) => p.countInStock > 0);
}

export interface Placed {
  orderId: string;
  email: string;
}

/**
 * `customers` shoppers each placing orders one after another (one item of a random product) until
 * `until()` says stop or `maxOrders` in all were acknowledged. Answers the orders that got a 201;
 * requests cut off by a kill are not acknowledged, so they are not counted.
 */
export async function placeOrders(
  base: string,
  shoppers: Shopper[],
  products: ProductOnSale[],
  opts: { until: () => boolean; maxOrders: number; onPlaced?: (placed: Placed) => void },
): Promise<Placed[]> {
  const placed: Placed[] = [];
  let turn = 0;
  await Promise.all(
    shoppers.map(async (shopper) => {
      while (!opts.until() && placed.length < opts.maxOrders) {
        const product = products[turn++ % products.length];
        let res: Response;
        try {
          res = await fetch(`${base}/api/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...shopper.auth },
            body: JSON.stringify(
              orderBody([{ product: product._id, name: product.name, quantity: 1, price: product.price }]),
            ),
          });
        } catch {
          return; // the server went away (killed): this order was never acknowledged
        }
        if (res.status === 201) {
          const entry = { orderId: ((await res.json()) as { _id: string })._id, email: shopper.email };
          placed.push(entry);
          opts.onPlaced?.(entry);
        } else await res.arrayBuffer();
      }
    }),
  );
  return placed;
}

export interface OutboxMessage {
  file: string;
  messageId: string;
  to: string;
  subject: string;
}

export function emlFiles(outbox: string): string[] {
  try {
    return readdirSync(outbox).filter((f) => f.endsWith('.eml') && !f.startsWith('.'));
  } catch {
    return [];
  }
}

export async function readOutbox(outbox: string): Promise<OutboxMessage[]> {
  return Promise.all(
    emlFiles(outbox).map(async (file) => {
      const parsed = await simpleParser(readFileSync(path.join(outbox, file)));
      const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
      return {
        file,
        messageId: parsed.messageId ?? '',
        to: to?.value[0]?.address ?? '',
        subject: parsed.subject ?? '',
      };
    }),
  );
}
