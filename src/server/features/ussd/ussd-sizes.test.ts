import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, productVariants, products } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import type { Variant } from '../../../shared/schemas/products';
import { insertProduct, stockOf } from '../orders/test/fixtures';
import { putSetParts, putVariants, threeSizes } from '../products/test/variant-fixtures';
import { Caller } from './test/ussd-phone';
import { ordersOf, TEST_USSD } from './test/ussd-shop';

/**
 * Sizes and gift sets by USSD (docs/decisions/067-sizes-and-sets.md): after a product with options the
 * menu asks which size, each with its price and "(out)" when none is left; the basket and the order carry
 * the size. A gift set orders like any product. No payment provider here: orders end "we will text you".
 */
let t: TestApp;
let admin: Record<string, string>;
let oil: Awaited<ReturnType<typeof insertProduct>>;
let sizes: Variant[];

let phoneSeq = 500;
const newMtn = () => `+2609612${String((phoneSeq += 1)).padStart(5, '0')}`;
const variantStock = async (id: string) =>
  (await t.app.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!.countInStock;
const linesOf = async (mobile: string) => {
  const [order] = await ordersOf(t, mobile);
  return order ? t.app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)) : [];
};
const inCategory = (id: string, category: string) =>
  t.app.db.update(products).set({ category }).where(eq(products.id, id));

/** Dial (unless on a menu already), Shop, the category, the product. */
async function openProduct(caller: Caller, category: string, product: string) {
  if (!caller.screen.includes('Shop') || caller.screen.startsWith('END')) await caller.dial();
  await caller.choose('Shop');
  await caller.choose(category);
  return caller.choose(product);
}

/** From the cart: check out to Choma with a name, up to the summary. */
async function toSummary(caller: Caller, name: string) {
  await caller.choose('Check out');
  await caller.press('Choma');
  return caller.press(name);
}

beforeAll(async () => {
  t = await createTestApp({ ussd: { ...TEST_USSD } });
  admin = (await createUser(t, { isAdmin: true })).auth;
  oil = await insertProduct(t, { name: 'Mungongo Oil', price: 85, countInStock: 0 });
  await inCategory(oil.id, 'body-care');
  sizes = (await putVariants(t, admin, oil.id, threeSizes([4, 6, 0]))).variants!;
}, 60_000);
afterAll(() => t?.close());

describe('a product in sizes', () => {
  it('lists the product once "from" its lowest price, then asks the size with prices and "(out)"', async () => {
    const caller = new Caller(t.app, newMtn());
    await caller.dial();
    await caller.choose('Shop');
    expect(await caller.choose('Body Care')).toContain('1. Mungongo Oil from K85.00');
    expect(await caller.choose('Mungongo Oil')).toBe(
      'CON Mungongo Oil: which size?\n1. 100 ml K85.00\n2. 250 ml K180.00\n3. 1 litre K600.00 (out)\n0. Back',
    );
    // The size with none left is said to be sold out, and the sizes stay on the screen.
    const out = await caller.press('3');
    expect(out).toMatch(/^CON Mungongo Oil \(1 litre\) is sold out\.\n1\. 100 ml K85\.00\n/);
    expect(await caller.press('4')).toMatch(/^CON Invalid choice/);
    // The size's own price and stock.
    expect(await caller.choose('250 ml')).toBe(
      'CON Mungongo Oil 250 ml K180.00\nK180.00 each, 6 left\nHow many? (1-6)\n0. Back',
    );
    expect(await caller.press('7')).toMatch(/^CON Enter a number from 1 to 6\./);
    expect(await caller.press('0')).toContain('which size?');
  });

  it('orders two sizes as two lines at their own prices, and takes each size from its own stock', async () => {
    const mobile = newMtn();
    const caller = new Caller(t.app, mobile);
    await openProduct(caller, 'Body Care', 'Mungongo Oil');
    await caller.choose('250 ml');
    expect(await caller.press('2')).toContain('Added. Your order: 2 items, K360.00');
    await caller.choose('Add more');
    await caller.choose('Body Care');
    await caller.choose('Mungongo Oil');
    await caller.choose('100 ml');
    expect(await caller.press('1')).toContain('Added. Your order: 3 items, K445.00');
    // The same size again adds to its line, up to what is left of that size.
    await caller.choose('Add more');
    await caller.choose('Body Care');
    await caller.choose('Mungongo Oil');
    expect(await caller.choose('250 ml')).toContain('How many? (1-4)');
    await caller.press('0');
    await caller.press('0');
    await caller.press('0');

    // A dropped session keeps the sizes and their prices.
    expect(await caller.redial()).toContain('Continue your order (3 items, K445.00)');
    await caller.choose('Continue');
    const summary = await toSummary(caller, 'Mutinta Hamoonga');
    // K445 + 16% VAT.
    expect(summary).toContain('3 items K445.00');
    expect(summary).toContain('VAT K71.20');
    expect(await caller.choose('Confirm')).toMatch(/^END Order #\w+ placed\. Total K/);

    const lines = await linesOf(mobile);
    const [small, mid] = sizes;
    expect(lines.map((l) => [l.name, l.variantId, l.variantLabel, l.unitPriceNgwee, l.quantity]).sort()).toEqual(
      [
        ['Mungongo Oil (100 ml)', small!._id, '100 ml', 8_500, 1],
        ['Mungongo Oil (250 ml)', mid!._id, '250 ml', 18_000, 2],
      ].sort(),
    );
    expect(await variantStock(small!._id)).toBe(3);
    expect(await variantStock(mid!._id)).toBe(4);
    expect(await stockOf(t, oil.id)).toBe(7);
  });

  it('says which size sold out between the list and confirm, and places nothing', async () => {
    const caller = new Caller(t.app, newMtn());
    const small = sizes[0]!;
    await openProduct(caller, 'Body Care', 'Mungongo Oil');
    await caller.choose('100 ml');
    await caller.press('2');
    await toSummary(caller, 'Agnes Zulu');
    // Someone else buys the 100 ml bottles meanwhile (the product's total follows its sizes).
    const before = await variantStock(small._id);
    await t.app.db.update(productVariants).set({ countInStock: 1 }).where(eq(productVariants.id, small._id));
    try {
      expect(await caller.choose('Confirm')).toMatch(
        /^CON Sorry, only 1 of Mungongo Oil \(100 ml\) left\. Your order was not placed\./,
      );
      expect(await ordersOf(t, caller.phoneNumber)).toHaveLength(0);
      expect(await variantStock(small._id)).toBe(1);
    } finally {
      await t.app.db.update(productVariants).set({ countInStock: before }).where(eq(productVariants.id, small._id));
    }
  });

  it('pages many sizes with long names within the screen, and "9. More" shows the rest', async () => {
    const soap = await insertProduct(t, { name: 'Honey and Moringa Soap Bar', price: 40, countInStock: 0 });
    await inCategory(soap.id, 'lotion');
    const scents = Array.from({ length: 12 }, (_, i) => `Lemongrass with wild honey no. ${i + 1}`);
    await putVariants(t, admin, soap.id, {
      options: ['Scent'],
      variants: scents.map((scent, i) => ({ options: [scent], price: 40 + i, countInStock: i % 3 })),
    });
    const caller = new Caller(t.app, newMtn());
    // Caller checks every screen is at most 160 characters.
    const first = await openProduct(caller, 'Lotion', 'Honey and Moringa');
    expect(first).toMatch(
      /^CON Honey and Moringa Soap Bar: which scent\?\n1\. Lemongrass with wild hon\.\. K40\.00 \(out\)\n/,
    );
    expect(first).toContain('\n9. More\n0. Back');
    const shown = first.split('\n').filter((l) => /^[1-8]\. /.test(l)).length;
    expect(shown).toBeGreaterThan(0);
    const next = await caller.press('9');
    // The next page numbers from 1 again, and starts at the first scent not shown.
    expect(next).toContain(`1. Lemongrass with wild hon.. K${40 + shown}.00`);
    // Pick one in stock on this page: its own price and stock.
    const inStock = shown % 3 === 0 ? 2 : 1;
    const picked = shown + inStock - 1;
    expect(await caller.press(String(inStock))).toContain(`K${40 + picked}.00 each, ${picked % 3} left`);
  });
});

describe('a gift set', () => {
  it('orders like a product (no size asked) and takes its parts', async () => {
    const butter = await insertProduct(t, { name: 'Shea Butter', price: 120, countInStock: 5 });
    const set = await insertProduct(t, { name: 'Forest Gift Set', price: 250, countInStock: 0 });
    await inCategory(set.id, 'gift-sets');
    const mid = sizes[1]!;
    await putSetParts(t, admin, set.id, {
      parts: [
        { product: oil.id, variant: mid._id, quantity: 1 },
        { product: butter.id, quantity: 1 },
      ],
    });
    const oilLeft = await variantStock(mid._id);
    const setLeft = Math.min(oilLeft, 5);
    const mobile = newMtn();
    const caller = new Caller(t.app, mobile);
    await caller.dial();
    await caller.choose('Shop');
    expect(await caller.choose('Gift Sets')).toContain('1. Forest Gift Set K250.00');
    expect(await caller.choose('Forest Gift Set')).toContain(`K250.00 each, ${setLeft} left`);
    await caller.press('2');
    await toSummary(caller, 'Bupe Mwansa');
    expect(await caller.choose('Confirm')).toMatch(/^END Order #\w+ placed/);
    const [line] = await linesOf(mobile);
    expect(line).toMatchObject({ name: 'Forest Gift Set', variantId: null, unitPriceNgwee: 25_000, quantity: 2 });
    expect(await stockOf(t, butter.id)).toBe(3);
    expect(await variantStock(mid._id)).toBe(oilLeft - 2);
    expect(await stockOf(t, set.id)).toBe(Math.min(oilLeft - 2, 3));
  });
});
