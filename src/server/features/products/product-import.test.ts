import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, products } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { insertProduct } from '../orders/test/fixtures';

describe('POST /api/products/import', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let customer: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true, name: 'Importing Admin' });
    customer = await createUser(t);
  });
  afterAll(() => t.close());

  const importCsv = (csv: string, dryRun?: boolean, headers: Record<string, string> = admin.auth) =>
    t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers,
      payload: dryRun === undefined ? { csv } : { csv, dryRun },
    });
  const bySku = async (sku: string) => (await t.app.db.select().from(products).where(eq(products.sku, sku)))[0];
  const allProducts = () => t.app.db.select().from(products).orderBy(products.sku);

  it('only admins import', async () => {
    expect((await importCsv('SKU,Stock\nX,1', true, {})).statusCode).toBe(401);
    expect((await importCsv('SKU,Stock\nX,1', true, customer.auth)).statusCode).toBe(403);
  });

  it('a dry run (the default) reports every row, with its errors, and writes nothing', async () => {
    const oil = await insertProduct(t, { name: 'Dry oil 100 ml', price: 95, countInStock: 10 });
    const nuts = await insertProduct(t, { name: 'Dry nuts 250 g', price: 40, countInStock: 8 });
    const before = await allProducts();
    const csv = [
      'SKU,Name,Category,Price (ZMW),Stock,Images,Created at',
      `${oil.sku},,,,25,,2026-01-01`, // stock only: an update
      `${nuts.sku},Dry nuts 250 g,oil,40.00,8,,`, // as stored: unchanged
      'NEW-1,Mafura body butter,skincare,"1,250.50",12,/uploads/mafura.webp,', // a new product
      'NEW-2,No picture soap,skincare,30,5,,', // new without an image
      `NEW-3,Bad price,oil,cheap,5,/uploads/x.webp,`,
      `${oil.sku.toLowerCase()},Again,,,,,`, // the same SKU twice (without case)
      ',Nameless,oil,5,5,/uploads/y.webp,',
      'NEW-4,Odd category,jewellery,5,5,/uploads/z.webp,',
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({
      dryRun: true,
      applied: false,
      created: 1,
      updated: 1,
      unchanged: 1,
      failed: 5,
      ignoredColumns: ['Created at'],
    });
    const row = (n: number) => report.rows.find((r: { row: number }) => r.row === n);
    expect(row(2)).toMatchObject({
      action: 'update',
      sku: oil.sku,
      name: 'Dry oil 100 ml',
      changes: ['stock 10 → 25'],
      errors: [],
    });
    expect(row(3)).toMatchObject({ action: 'unchanged', changes: [] });
    expect(row(4)).toMatchObject({ action: 'create', name: 'Mafura body butter' });
    expect(row(5).errors).toEqual(['Please upload 1-4 images.']);
    expect(row(6).errors).toEqual(['price must be a number']);
    expect(row(7).errors).toEqual([`SKU ${oil.sku.toLowerCase()} is also on row 2.`]);
    expect(row(8).errors).toEqual(['SKU is empty: every row needs the SKU of its product.']);
    expect(row(9).errors[0]).toMatch(/^category must be one of/);
    expect(await allProducts()).toEqual(before);
  });

  it('a real import with any error writes nothing (422 with the report)', async () => {
    const oil = await insertProduct(t, { name: 'Kept oil', price: 60, countInStock: 3 });
    const res = await importCsv(`SKU,Stock\n${oil.sku},30\nMISSING-NEW,4\n`, false);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Nothing was imported: 1 row has an error. Correct the file and try again.');
    expect(res.json().report).toMatchObject({ dryRun: false, applied: false, updated: 1, failed: 1 });
    expect((await bySku(oil.sku)).countInStock).toBe(3);
  });

  it('a clean file is written whole, with an audit line each, and the catalogue shows it at once', async () => {
    const oil = await insertProduct(t, { name: 'Live oil', price: 70, countInStock: 2 });
    // Read once so the catalogue holds the old answer.
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${oil.id}` })).json().countInStock).toBe(2);
    const csv = `\uFEFFsku;name;category;price;stock;featured;low stock at;images\n${oil.sku};;;72,50;40;yes;8;\nIMP-NEW;Kalahari melon oil;oil;88;15;no;;/uploads/melon.webp|/uploads/melon-2.webp\n`;
    const res = await importCsv(csv, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, created: 1, updated: 1, failed: 0 });

    const updated = (await t.app.inject({ method: 'GET', url: `/api/products/${oil.id}` })).json();
    expect(updated).toMatchObject({
      name: 'Live oil',
      price: 72.5,
      countInStock: 40,
      isFeatured: true,
      lowStockThreshold: 8,
    });
    const created = await bySku('IMP-NEW');
    expect(created).toMatchObject({
      name: 'Kalahari melon oil',
      priceNgwee: 8800,
      countInStock: 15,
      mainImage: '/uploads/melon.webp',
      images: ['/uploads/melon.webp', '/uploads/melon-2.webp'],
    });

    const lines = await t.app.db.select().from(auditEvents).where(eq(auditEvents.actorId, admin.user.id));
    const summaries = lines.map((l) => l.summary);
    // Amounts as the shop writes them (Intl puts a no-break space after the K).
    const plain = summaries.map((s) => s.replace(/\u00a0/g, ' '));
    expect(plain).toContain('New product Kalahari melon oil: price K 88.00, stock 15 (imported)');
    expect(
      plain.some((s) => s.startsWith('Live oil: price K 70.00 → K 72.50, stock 2 → 40') && s.endsWith('(imported)')),
    ).toBe(true);
  });

  it('the products export reads back in unchanged', async () => {
    await insertProduct(t, { name: '=Formula-looking name', price: 12, countInStock: 1 });
    const exported = await t.app.inject({ method: 'GET', url: '/api/reports/products.csv', headers: admin.auth });
    expect(exported.statusCode).toBe(200);
    const res = await importCsv(exported.body, true);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.rows.filter((r: { action: string }) => r.action !== 'unchanged')).toEqual([]);
    expect(report.failed).toBe(0);
    expect(report.created + report.updated).toBe(0);
    expect(report.unchanged).toBe((await allProducts()).length);
  });

  it('a file that is not CSV, has no rows or no SKU column, or is too long is a 400 that says why', async () => {
    const cases: [string, RegExp][] = [
      ['SKU,Name\nA,"unclosed', /could not be read as CSV/],
      ['SKU,Name\n', /no product rows/],
      ['Name,Stock\nOil,3', /needs a SKU column/],
      ['SKU,Stock,Quantity\nA,1,2', /More than one column gives countInStock/],
      [`SKU,Stock\n${Array.from({ length: 5001 }, (_, i) => `S${i},1`).join('\n')}`, /at most 5000 at a time/],
    ];
    for (const [csv, message] of cases) {
      const res = await importCsv(csv);
      expect(res.statusCode, csv.slice(0, 30)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await importCsv('')).statusCode).toBe(400);
  });
});
