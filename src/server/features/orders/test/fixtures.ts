import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orderItems, orders, products, users } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { computeTotals, toKwacha, toNgwee } from '../../../../shared/money';

/** Test data written straight to the database: faster than the API and independent of other features. */

export const address = {
  address: '12 Kabulonga Road',
  city: 'Lusaka',
  province: 'Lusaka',
  zipCode: '10101',
  phoneNumber: '0971234567',
};

let sequence = 0;

export async function insertProduct(
  t: TestApp,
  opts: { name?: string; price: number; countInStock?: number; image?: string },
) {
  sequence += 1;
  const [product] = await t.app.db
    .insert(products)
    .values({
      name: opts.name ?? `Mungongo oil ${sequence}`,
      priceNgwee: toNgwee(opts.price),
      category: 'oil',
      countInStock: opts.countInStock ?? 100,
      sku: `TEST-${sequence}-${randomBytes(3).toString('hex')}`,
      images: [opts.image ?? `/uploads/${sequence}.webp`],
      mainImage: opts.image ?? `/uploads/${sequence}.webp`,
    })
    .returning();
  return product;
}

export async function stockOf(t: TestApp, productId: string) {
  const [row] = await t.app.db.select({ n: products.countInStock }).from(products).where(eq(products.id, productId));
  return row.n;
}

/** Many customers in one insert (no password hashing), each with a bearer header. */
export async function insertCustomers(t: TestApp, count: number, base = 'Customer') {
  const tag = randomBytes(3).toString('hex');
  const rows = await t.app.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `${base} ${i + 1}`,
        email: `${base.toLowerCase().replace(/\W+/g, '.')}.${i + 1}.${tag}@example.com`,
        passwordHash: 'not-a-real-hash',
      })),
    )
    .returning();
  return rows.map((user) => ({
    user: { ...user, email: user.email ?? '' },
    auth: { authorization: `Bearer ${t.app.signToken(user)}` },
  }));
}

export interface CartLine {
  product: string;
  /** The variant, for a product with options. */
  variant?: string;
  quantity: number;
  /** The price the shopper's cart shows, in kwacha. */
  price: number;
  name?: string;
}

/** The body the web app sends for a cart, totals computed as the browser would. */
export function orderBody(lines: CartLine[], overrides: Record<string, unknown> = {}) {
  const totals = computeTotals(lines.map((l) => ({ unitPriceNgwee: toNgwee(l.price), quantity: l.quantity })));
  return {
    orderItems: lines.map((l) => ({
      product: l.product,
      ...(l.variant && { variant: l.variant }),
      quantity: l.quantity,
      price: l.price,
      name: l.name ?? 'Item',
      image: '/x.webp',
    })),
    shippingAddress: address,
    paymentMethod: 'airtel',
    taxAmount: toKwacha(totals.taxNgwee),
    shippingAmount: toKwacha(totals.shippingNgwee),
    totalAmount: toKwacha(totals.totalNgwee),
    ...overrides,
  };
}

/** An order placed over the API by this customer, as the web app places it: its id (any answer but 201 throws). */
export async function placeOrderAs(t: TestApp, auth: Record<string, string>, lines: CartLine[]): Promise<string> {
  const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload: orderBody(lines) });
  if (placed.statusCode !== 201) throw new Error(`placing an order answered ${placed.statusCode}: ${placed.body}`);
  return placed.json()._id;
}

/** An order row with chosen figures and dates, for lists and the dashboard. */
export async function insertOrder(
  t: TestApp,
  opts: {
    user: { id: string; name: string; email: string | null } | null;
    total: number;
    status?: string;
    isPaid?: boolean;
    createdAt?: Date;
    productId?: string;
  },
) {
  const totalNgwee = toNgwee(opts.total);
  const [order] = await t.app.db
    .insert(orders)
    .values({
      userId: opts.user?.id ?? null,
      customerName: opts.user?.name ?? 'Former Customer',
      customerEmail: opts.user ? (opts.user.email ?? '') : 'former@example.com',
      shippingAddress: address,
      paymentMethod: 'mtn',
      itemsNgwee: totalNgwee,
      taxNgwee: 0,
      shippingNgwee: 0,
      totalNgwee,
      status: opts.status ?? 'Pending',
      isPaid: opts.isPaid ?? false,
      paidAt: opts.isPaid ? (opts.createdAt ?? new Date()) : null,
      ...(opts.createdAt ? { createdAt: opts.createdAt, updatedAt: opts.createdAt } : {}),
    })
    .returning();
  await t.app.db.insert(orderItems).values({
    orderId: order.id,
    productId: opts.productId ?? null,
    name: 'Baobab oil 50 ml',
    unitPriceNgwee: totalNgwee,
    quantity: 1,
  });
  return order;
}
