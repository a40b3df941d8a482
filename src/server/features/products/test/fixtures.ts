import { randomBytes } from 'node:crypto';
import { orderItems, orders, products } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';

type ProductInsert = typeof products.$inferInsert;

let made = 0;

/** A stored-image style URL that points at no file, for products whose images the test does not touch. */
export const fakeImageUrl = () => `/uploads/${randomBytes(16).toString('hex')}.webp`;

/**
 * Inserts products straight into the database (faster than the admin API) and tells the catalogue, as
 * the admin API does; unspecified fields get plain values.
 */
export async function insertProducts(t: TestApp, rows: Partial<ProductInsert>[]) {
  const values = rows.map((row) => {
    made += 1;
    const image = row.mainImage ?? fakeImageUrl();
    return {
      name: `Product ${made}`,
      priceNgwee: 10_000,
      category: 'essentials',
      countInStock: 5,
      sku: `TST-${made}-${randomBytes(3).toString('hex')}`,
      brand: 'Forest Gold',
      images: [image],
      mainImage: image,
      ...row,
    } satisfies ProductInsert;
  });
  const inserted = await t.app.db.insert(products).values(values).returning();
  await t.app.catalogCache.invalidate(
    'products',
    inserted.map((row) => row.id),
  );
  return inserted;
}

/** Dates one minute apart, oldest first, so "newest first" order is certain. */
export function minutesAgo(n: number): Date {
  return new Date(Date.now() - n * 60_000);
}

/** Records an order of one product for a user, as checkout would, without going through the orders API. */
export async function insertOrderOf(t: TestApp, userId: string | null, productId: string, status = 'Pending') {
  const [order] = await t.app.db
    .insert(orders)
    .values({
      userId,
      customerName: 'Test Customer',
      customerEmail: 'customer@example.com',
      shippingAddress: {
        address: '1 Test Road',
        city: 'Lusaka',
        province: 'Lusaka',
        zipCode: '10101',
        phoneNumber: '0970000000',
      },
      paymentMethod: 'airtel',
      itemsNgwee: 10_000,
      taxNgwee: 1_600,
      shippingNgwee: 7_500,
      totalNgwee: 19_100,
      status,
    })
    .returning();
  const [item] = await t.app.db
    .insert(orderItems)
    .values({ orderId: order.id, productId, name: 'Bought product', unitPriceNgwee: 10_000, quantity: 1 })
    .returning();
  return { order, item };
}
