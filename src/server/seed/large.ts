import { randomBytes } from 'node:crypto';
import { eq, gt, sql } from 'drizzle-orm';
import type { Category } from '../../shared/categories';
import { toNgwee } from '../../shared/money';
import type { ImageStore } from '../features/uploads';
import { hashPassword } from '../lib/password';
import type { Db } from '../db/client';
import { orderItems, orders, products, users } from '../db/schema';
import { bulkInsert } from './bulk-insert';
import { BRAND, CATEGORY_BACKGROUNDS } from './demo-catalogue';
import { PROVINCE, TOWN_POSTCODES } from './demo-people';
import {
  BENEFITS,
  CLOSINGS,
  FIRST_NAMES,
  INGREDIENTS,
  KITCHEN_WORDS,
  OCCASIONS,
  PRODUCT_LINES,
  SCENTS,
  STREETS,
  TOWNS,
  type ProductLine,
} from './large-vocabulary';
import {
  madeUpOrder,
  pickLines,
  type Buyer,
  type OrderItemRow,
  type OrderRow,
  type StockedProduct,
} from './order-story';
import { mix, saveArtImages, type ArtShape } from './product-art';
import { createRandom, type Random } from './random';

/** Rows per INSERT statement: big enough to amortise a round trip, small enough to keep memory flat. */
const BATCH = 1000;
const DAY = 86_400_000;
const HISTORY_DAYS = 548; // 18 months

export interface SeedTiming {
  inserted: number;
  ms: number;
}

const SKU_PREFIX: Record<Category, string> = {
  skincare: 'SKN',
  'body-care': 'BDY',
  'gift-sets': 'GFT',
  oil: 'OIL',
  lotion: 'LOT',
  essentials: 'ESS',
};
const POOL_COLOURS = ['#b8651f', '#c9962e', '#8a5a3b', '#6b3e26', '#7b2d26', '#9c4f2a'];

/**
 * Adds `count` generated products for benchmarks. Their pictures come from a pool of 12 rendered
 * once per call, so 10,000 products take seconds instead of rendering 10,000 images.
 */
export async function seedLargeCatalogue(
  db: Db,
  imageStore: ImageStore,
  count: number,
  options: { seed?: number; now?: Date } = {},
): Promise<SeedTiming> {
  const started = performance.now();
  const random = createRandom(options.seed ?? Date.now());
  const now = options.now ?? new Date();
  const pool = await renderImagePool(imageStore);
  // A per-run tag keeps SKUs unique when the command runs more than once on the same database.
  const tag = randomBytes(3).toString('hex').toUpperCase();
  for (let from = 0; from < count; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) rows.push(generatedProduct(random, i, tag, pool, now));
    await bulkInsert(db, products, rows);
  }
  await refreshPlannerStatistics(db, 'products');
  return { inserted: count, ms: Math.round(performance.now() - started) };
}

function generatedProduct(random: Random, index: number, tag: string, pool: Map<ArtShape, string[]>, now: Date) {
  const line = PRODUCT_LINES[index % PRODUCT_LINES.length];
  const sizeIndex = line.sizes.length ? random.int(0, line.sizes.length - 1) : 0;
  const size = line.sizes[sizeIndex] ?? null;
  const ingredient = random.pick(INGREDIENTS);
  const flavour =
    line.category === 'essentials'
      ? random.pick(KITCHEN_WORDS)
      : line.category === 'gift-sets'
        ? random.pick(OCCASIONS)
        : random.pick(SCENTS);
  const baseName = `${flavour} ${ingredient} ${line.stem}`;
  const price = Math.min(
    900,
    Math.max(20, Math.round((line.basePrice * (1 + sizeIndex * 0.8) * (0.85 + random.next() * 0.3)) / 5) * 5),
  );
  const shapeImages = pool.get(line.shape) ?? [...pool.values()][0];
  const images = [random.pick(shapeImages)];
  if (random.chance(0.2)) images.push(random.pick([...pool.values()].flat()));
  const createdAt = new Date(now.getTime() - Math.floor(random.next() * HISTORY_DAYS * DAY));
  return {
    name: size ? `${baseName} ${size}` : baseName,
    priceNgwee: toNgwee(price),
    category: line.category,
    description: describe(random, line, baseName, ingredient, flavour),
    countInStock: random.chance(0.03) ? 0 : random.int(1, 200),
    sku: `${SKU_PREFIX[line.category]}-${tag}-${String(index + 1).padStart(6, '0')}`,
    isFeatured: random.chance(0.01),
    brand: BRAND,
    ingredients: `${ingredient} kernel oil, shea butter, vitamin E${line.category === 'essentials' ? '' : `, ${flavour.toLowerCase()} extract`}.`,
    benefits: random.pick(BENEFITS[line.category]),
    size,
    howToUse:
      line.category === 'essentials'
        ? 'Keep in a cool, dry place and use within six months.'
        : 'Apply to clean skin as often as needed.',
    images,
    mainImage: images[0],
    createdAt,
    updatedAt: createdAt,
  };
}

/** Four or five sentences, 200 to 400 characters: long enough that a keyword search has text to scan. */
function describe(random: Random, line: ProductLine, baseName: string, ingredient: string, flavour: string): string {
  const sentences = [
    `${baseName} made by the women of the cooperative from ${ingredient.toLowerCase()} gathered in the forests of Southern Province.`,
    `Each batch is ${line.process}.`,
    random.pick(BENEFITS[line.category]),
    line.category === 'oil' ||
    line.category === 'lotion' ||
    line.category === 'skincare' ||
    line.category === 'body-care'
      ? flavour === 'Unscented'
        ? 'Free of added fragrance.'
        : `Lightly scented with ${flavour.toLowerCase()}.`
      : '',
    random.pick(CLOSINGS),
  ].filter(Boolean);
  let text = '';
  for (const sentence of sentences) {
    if (text.length + sentence.length + 1 > 400) break;
    text = text ? `${text} ${sentence}` : sentence;
  }
  return text;
}

async function renderImagePool(imageStore: ImageStore): Promise<Map<ArtShape, string[]>> {
  const shapes: ArtShape[] = [
    'dropper',
    'bottle',
    'pump',
    'jar',
    'tin',
    'soap',
    'bag',
    'box',
    'jug',
    'bottle',
    'pump',
    'jar',
  ];
  const labels: Record<ArtShape, string> = {
    dropper: 'Forest Oil',
    bottle: 'Pure Oil',
    pump: 'Body Lotion',
    jar: 'Body Butter',
    tin: 'Balm',
    soap: 'Soap',
    bag: 'Nuts',
    box: 'Gift Set',
    jug: 'Cooking Oil',
  };
  const categoryOf: Record<ArtShape, Category> = {
    dropper: 'oil',
    bottle: 'oil',
    pump: 'lotion',
    jar: 'body-care',
    tin: 'skincare',
    soap: 'body-care',
    bag: 'essentials',
    box: 'gift-sets',
    jug: 'essentials',
  };
  const urls = await saveArtImages(
    imageStore,
    shapes.map((shape, i) => ({
      spec: {
        shape,
        colour: POOL_COLOURS[i % POOL_COLOURS.length],
        label: labels[shape],
        background: mix(CATEGORY_BACKGROUNDS[categoryOf[shape]], '#ffffff', i >= 9 ? 0.3 : 0),
      },
      view: 'front' as const,
    })),
  );
  const pool = new Map<ArtShape, string[]>();
  shapes.forEach((shape, i) => pool.set(shape, [...(pool.get(shape) ?? []), urls[i]]));
  return pool;
}

/**
 * Adds `count` customer accounts marked "(demo)". They share one hash of a random password nobody
 * knows: hashing 2,000 passwords with scrypt would take a minute, and no one can log in as them anyway.
 */
export async function seedLargeCustomers(
  db: Db,
  count: number,
  options: { seed?: number; now?: Date } = {},
): Promise<SeedTiming> {
  const started = performance.now();
  const random = createRandom(options.seed ?? Date.now());
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(randomBytes(24).toString('hex'));
  const tag = randomBytes(3).toString('hex');
  for (let from = 0; from < count; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      const firstName = random.pick(FIRST_NAMES);
      const lastName = `${String.fromCharCode(65 + random.int(0, 25))}.`;
      const createdAt = new Date(now.getTime() - Math.floor(random.next() * HISTORY_DAYS * DAY));
      rows.push({
        name: `${firstName} ${lastName} (demo)`,
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${tag}${i + 1}@coop-shop.example`,
        phone: fictionalPhone(i),
        passwordHash,
        createdAt,
        updatedAt: createdAt,
      });
    }
    await bulkInsert(db, users, rows);
  }
  await refreshPlannerStatistics(db, 'users');
  return { inserted: count, ms: Math.round(performance.now() - started) };
}

/**
 * Adds `count` orders of 1 to 4 lines over the last 18 months, from the given buyers or else from
 * every non-admin account. Lines are priced from in-stock products; stock is not taken (these are
 * past sales for the back office and its benchmarks).
 */
export async function seedLargeOrders(
  db: Db,
  count: number,
  options: { buyers?: Buyer[]; seed?: number; now?: Date } = {},
): Promise<SeedTiming> {
  const started = performance.now();
  const random = createRandom(options.seed ?? Date.now());
  const now = options.now ?? new Date();
  const stocked: StockedProduct[] = await db
    .select({ id: products.id, name: products.name, priceNgwee: products.priceNgwee, mainImage: products.mainImage })
    .from(products)
    .where(gt(products.countInStock, 0))
    .limit(50_000);
  if (stocked.length === 0)
    throw new Error('There are no products in stock to order: seed products first (--products N).');
  const buyers = options.buyers ?? (await loadBuyers(db, random));
  if (buyers.length === 0)
    throw new Error('There are no customer accounts to order: seed customers first (--customers N).');

  for (let from = 0; from < count; from += BATCH) {
    const orderRows: OrderRow[] = [];
    const itemRows: OrderItemRow[] = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      const createdAt = new Date(now.getTime() - Math.floor(random.next() * HISTORY_DAYS * DAY));
      const { order, items } = madeUpOrder(random, random.pick(buyers), pickLines(random, stocked, 4), createdAt, now);
      orderRows.push(order);
      itemRows.push(...items);
    }
    // An order and its lines arrive together, so a reader never sees an order without items.
    await db.transaction(async (tx) => {
      await bulkInsert(tx, orders, orderRows);
      await bulkInsert(tx, orderItems, itemRows);
    });
  }
  await refreshPlannerStatistics(db, 'orders');
  await refreshPlannerStatistics(db, 'order_items');
  return { inserted: count, ms: Math.round(performance.now() - started) };
}

/**
 * Embedded PGlite runs no autovacuum, so without this the planner keeps the row counts of an empty
 * table and may scan instead of using the trigram and date indexes the benchmarks rely on.
 */
async function refreshPlannerStatistics(db: Db, table: 'products' | 'users' | 'orders' | 'order_items') {
  await db.execute(sql.raw(`analyze ${table}`));
}

async function loadBuyers(db: Db, random: Random): Promise<Buyer[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.isAdmin, false))
    .orderBy(sql`random()`)
    .limit(10_000);
  return rows.map((u, i) => {
    const town = random.pick(TOWNS);
    return {
      id: u.id,
      name: u.name,
      email: u.email ?? '',
      shippingAddress: {
        address: `${random.int(1, 120)} ${random.pick(STREETS)}`,
        city: town,
        province: PROVINCE,
        zipCode: TOWN_POSTCODES[town],
        phoneNumber: u.phone || fictionalPhone(i),
      },
    };
  });
}

/** The 000 block of the 097 prefix is not given out, so these reach nobody. */
function fictionalPhone(i: number): string {
  return `+260 97 000 ${String(1000 + (i % 9000)).padStart(4, '0')}`;
}
