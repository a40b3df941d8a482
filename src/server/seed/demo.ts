import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../app';
import type { ImageStore } from '../features/uploads';
import { hashPassword } from '../lib/password';
import { toNgwee } from '../../shared/money';
import { storedImageName } from '../../shared/images';
import type { Db } from '../db/client';
import { orderItems, orders, productReviews, products, users } from '../db/schema';
import { BRAND, CATEGORY_BACKGROUNDS, DEMO_CATALOGUE } from './demo-catalogue';
import { DEMO_CUSTOMERS, PROVINCE, TOWN_POSTCODES, demoCustomerName } from './demo-people';
import { madeUpOrder, pickLines, type Buyer, type OrderItemRow, type OrderRow } from './order-story';
import { ART_VIEWS, saveArtImages } from './product-art';
import { createRandom, type Random } from './random';

export const DEMO_ORDER_COUNT = 30;
const RECENT_ORDERS = 8;
/** Fixed, so the demo shop looks the same on every machine (dates follow today's date). */
const DEMO_RANDOM_SEED = 2022;
const DAY = 86_400_000;

export interface DemoSeedSummary {
  products: number;
  images: number;
  customers: number;
  reviews: number;
  orders: number;
  imagesMs: number;
  totalMs: number;
}

/** At start (SEED_DEMO=true): fills an empty shop with the demo catalogue, then refreshes the catalogue cache. */
export async function seedDemoIfEmpty(app: App, log: FastifyBaseLogger): Promise<DemoSeedSummary | null> {
  const summary = await seedDemoCatalogue({ db: app.db, imageStore: app.imageStore, log });
  if (summary) await app.catalogCache.invalidate('products');
  return summary;
}

/**
 * Inserts the demo products, customers, reviews and orders in one transaction, only when there is
 * no product at all. Pictures are rendered first (outside the transaction, it is the slow part);
 * if another instance seeded meanwhile, ours are deleted again. Demo orders do NOT take stock:
 * they tell the story of past sales, while the stock counts are what the shop has today.
 */
export async function seedDemoCatalogue(deps: {
  db: Db;
  imageStore: ImageStore;
  log?: FastifyBaseLogger;
  now?: Date;
}): Promise<DemoSeedSummary | null> {
  const { db, imageStore, log } = deps;
  const now = deps.now ?? new Date();
  if (await hasAnyProduct(db)) return null;

  const started = performance.now();
  const pictures = DEMO_CATALOGUE.flatMap((p) =>
    ART_VIEWS.slice(0, p.art.views ?? 1).map((view) => ({
      spec: { ...p.art, size: p.size, background: CATEGORY_BACKGROUNDS[p.category] },
      view,
    })),
  );
  const urls = await saveArtImages(imageStore, pictures, 4);
  const imagesMs = performance.now() - started;
  const passwordHashes = await Promise.all(DEMO_CUSTOMERS.map(() => hashPassword(randomBytes(24).toString('hex'))));

  const counts = await db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL: the second waits here, then sees the products.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('coop-shop:demo-seed'))`);
    if (await hasAnyProduct(tx as unknown as Db)) return null;

    await tx
      .insert(users)
      .values(
        DEMO_CUSTOMERS.map((c, i) => ({
          name: demoCustomerName(c),
          firstName: c.firstName,
          lastName: c.lastName,
          email: c.email,
          phone: c.phone,
          passwordHash: passwordHashes[i],
          createdAt: new Date(startOfYear(now).getTime() - (40 - i * 5) * DAY),
        })),
      )
      .onConflictDoNothing();
    const customerRows = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(
        inArray(
          sql`lower(${users.email})`,
          DEMO_CUSTOMERS.map((c) => c.email.toLowerCase()),
        ),
      );
    // An account may already exist with the same address in other letter case; reuse it.
    const customerByEmail = new Map(
      customerRows.map((u) => [(u.email ?? '').toLowerCase(), { ...u, email: u.email ?? '' }]),
    );
    const customers = DEMO_CUSTOMERS.map((c) => ({ ...c, user: customerByEmail.get(c.email.toLowerCase())! }));

    const random = createRandom(DEMO_RANDOM_SEED);
    let imageCursor = 0;
    const productRows = DEMO_CATALOGUE.map((p, index) => {
      const images = urls.slice(imageCursor, (imageCursor += p.art.views ?? 1));
      const reviews = p.reviews ?? [];
      return {
        name: p.name,
        priceNgwee: toNgwee(p.price),
        category: p.category,
        description: p.description,
        countInStock: p.countInStock,
        sku: p.sku,
        isFeatured: p.isFeatured ?? false,
        brand: BRAND,
        ratingTotal: reviews.reduce((sum, r) => sum + r.rating, 0),
        numReviews: reviews.length,
        ingredients: p.ingredients,
        benefits: p.benefits,
        size: p.size ?? null,
        howToUse: p.howToUse,
        images,
        mainImage: images[0],
        // Newest first in the default listing order: the catalogue's first entries come out on top.
        createdAt: new Date(now.getTime() - (index + 1) * 60_000),
        updatedAt: new Date(now.getTime() - (index + 1) * 60_000),
      };
    });
    const inserted = await tx.insert(products).values(productRows).returning({
      id: products.id,
      name: products.name,
      priceNgwee: products.priceNgwee,
      mainImage: products.mainImage,
      countInStock: products.countInStock,
    });

    const reviewRows = DEMO_CATALOGUE.flatMap((p, index) =>
      (p.reviews ?? []).map((r) => ({
        productId: inserted[index].id,
        userId: customers[r.by].user.id,
        name: customers[r.by].user.name,
        rating: r.rating,
        comment: r.comment,
        createdAt: new Date(startOfYear(now).getTime() + random.next() * (now.getTime() - startOfYear(now).getTime())),
      })),
    );
    if (reviewRows.length > 0) await tx.insert(productReviews).values(reviewRows);

    const { orderRows, itemRows } = demoOrders(
      random,
      inserted.filter((p) => p.countInStock > 0),
      customers,
      now,
    );
    await tx.insert(orders).values(orderRows);
    await tx.insert(orderItems).values(itemRows);
    return {
      products: inserted.length,
      customers: customers.length,
      reviews: reviewRows.length,
      orders: orderRows.length,
    };
  });

  if (!counts) {
    await Promise.all(urls.map((url) => imageStore.deleteImage(storedImageName(url) ?? '')));
    return null;
  }
  const summary: DemoSeedSummary = {
    ...counts,
    images: urls.length,
    imagesMs: Math.round(imagesMs),
    totalMs: Math.round(performance.now() - started),
  };
  log?.info(
    summary,
    `demo catalogue seeded: ${summary.products} products, ${summary.images} images, ${summary.customers} customers, ${summary.reviews} reviews, ${summary.orders} orders in ${summary.totalMs} ms (images ${summary.imagesMs} ms; demo orders take no stock)`,
  );
  return summary;
}

/** About thirty orders spread from 1 January to today, each from one of the demo customers. */
function demoOrders(
  random: Random,
  stocked: { id: string; name: string; priceNgwee: number; mainImage: string }[],
  customers: ((typeof DEMO_CUSTOMERS)[number] & { user: { id: string; name: string; email: string } })[],
  now: Date,
) {
  const start = startOfYear(now).getTime();
  const span = Math.max(now.getTime() - start - 3_600_000, 0);
  const recentSpan = Math.min(21 * DAY, span);
  const dearest = stocked.reduce((a, b) => (b.priceNgwee > a.priceNgwee ? b : a));
  const orderRows: OrderRow[] = [];
  const itemRows: OrderItemRow[] = [];
  for (let i = 0; i < DEMO_ORDER_COUNT; i++) {
    const customer = random.pick(customers);
    const buyer: Buyer = {
      id: customer.user.id,
      name: customer.user.name,
      email: customer.user.email,
      shippingAddress: {
        address: customer.address,
        city: customer.town,
        province: PROVINCE,
        zipCode: TOWN_POSTCODES[customer.town],
        phoneNumber: customer.phone,
      },
    };
    // Most orders spread over the year for the revenue chart; the last few in the past three weeks, still being handled.
    const older = DEMO_ORDER_COUNT - RECENT_ORDERS;
    const createdAt =
      i < older
        ? new Date(start + Math.floor((span - recentSpan) * ((i + random.next()) / older)))
        : new Date(start + span - recentSpan + Math.floor(recentSpan * ((i - older + random.next()) / RECENT_ORDERS)));
    let lines = pickLines(random, stocked, 3);
    // Every seventh basket holds the dearest gift, so the back office also shows orders that ship free.
    if (i % 7 === 3 && !lines.some((l) => l.product.id === dearest.id))
      lines = [{ product: dearest, quantity: 1 }, ...lines.slice(0, 1)];
    const { order, items } = madeUpOrder(random, buyer, lines, createdAt, now);
    orderRows.push(order);
    itemRows.push(...items);
  }
  return { orderRows, itemRows };
}

async function hasAnyProduct(db: Db): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length > 0;
}

function startOfYear(now: Date): Date {
  return new Date(now.getFullYear(), 0, 1);
}
