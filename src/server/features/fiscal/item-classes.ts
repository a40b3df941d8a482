import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fiscalItemClasses, fiscalItems, products } from '../../db/schema';
import { containsPattern } from '../../db/search-text';
import { Conflict, NotFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { deviceKey, type FiscalSettings } from './fiscal-settings';
import { VSDC_OK } from './vsdc-client';
import type { FiscalService } from './fiscal-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { installDevice } from './send';
import { itemCodeOf } from './wire';

/**
 * The ZRA classification of each product (docs/decisions/062-smart-invoice.md): the device's list kept
 * here (it is long, and the device may be away when an admin picks), the admin's pick per product and for
 * the delivery line. The pick is registered (saveItem, or updateItem when it changed) with the next sale
 * that names the item, on the line, in order.
 */

const ITEM_PAGE_SIZE = 50;
/** Before any classification the VSDC knows: asks for the whole list. */
const SINCE_EVER = '20000101000000';

export async function refreshItemClasses(db: Db, fiscal: FiscalService, log: FastifyBaseLogger) {
  const { client, settings } = fiscal;
  // A new shop may pick classes before its first sale: the device is installed first, as a sale would.
  const installed = await installDevice({ db, settings, client, log });
  if (installed !== true) throw Conflict(`The VSDC could not be reached: ${installed.away}`);
  const answer = await client.call('/itemClass/selectItemsClass', { lastReqDt: SINCE_EVER });
  if (!answer.reached) throw Conflict(`The VSDC could not be reached: ${answer.reason}`);
  if (answer.resultCd !== VSDC_OK) throw Conflict(`The VSDC refused: ${answer.resultCd} ${answer.resultMsg}`.trim());
  const list = ((answer.data as { itemClsList?: unknown } | null)?.itemClsList ?? []) as Record<string, unknown>[];
  const rows = list
    .filter((c) => typeof c.itemClsCd === 'string' && /^\d{1,10}$/.test(c.itemClsCd))
    .map((c) => ({
      code: c.itemClsCd as string,
      name: String(c.itemClsNm ?? '').slice(0, 300),
      level: Number.isInteger(Number(c.itemClsLvl)) ? Number(c.itemClsLvl) : null,
      taxType: typeof c.taxTyCd === 'string' ? c.taxTyCd.slice(0, 10) : null,
      inUse: c.useYn !== 'N',
    }));
  const fetchedAt = new Date();
  // The list runs to thousands: written a thousand at a time.
  for (let i = 0; i < rows.length; i += 1_000)
    await db
      .insert(fiscalItemClasses)
      .values(rows.slice(i, i + 1_000).map((r) => ({ ...r, fetchedAt })))
      .onConflictDoUpdate({
        target: fiscalItemClasses.code,
        set: {
          name: sql`excluded.name`,
          level: sql`excluded.level`,
          taxType: sql`excluded.tax_type`,
          inUse: sql`excluded.in_use`,
          fetchedAt: sql`excluded.fetched_at`,
        },
      });
  return { total: await classCount(db), fetchedAt: fetchedAt.toISOString() };
}

async function classCount(db: Db) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(fiscalItemClasses);
  return Number(n);
}

export async function searchItemClasses(db: Db, q: string | undefined) {
  const words = q?.trim();
  const classes = await db
    .select()
    .from(fiscalItemClasses)
    .where(
      words
        ? or(
            ilike(fiscalItemClasses.code, `${words.replace(/[%_\\]/g, '')}%`),
            ilike(fiscalItemClasses.name, containsPattern(words)),
          )
        : undefined,
    )
    .orderBy(asc(fiscalItemClasses.code))
    .limit(50);
  const [{ fetched }] = await db
    .select({ fetched: sql<Date | null>`max(${fiscalItemClasses.fetchedAt})` })
    .from(fiscalItemClasses);
  return {
    classes: classes.map((c) => ({ code: c.code, name: c.name, level: c.level, taxType: c.taxType, inUse: c.inUse })),
    total: await classCount(db),
    fetchedAt: fetched ? new Date(fetched).toISOString() : null,
  };
}

export async function listFiscalItems(db: Db, settings: FiscalSettings, page: number) {
  const device = deviceKey(settings);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      itemClsCd: fiscalItems.itemClsCd,
      registeredClsCd: fiscalItems.registeredClsCd,
    })
    .from(products)
    .leftJoin(fiscalItems, and(eq(fiscalItems.productId, products.id), eq(fiscalItems.device, device)))
    .orderBy(asc(products.name), asc(products.id))
    .limit(ITEM_PAGE_SIZE)
    .offset((page - 1) * ITEM_PAGE_SIZE);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  const [delivery] = await db
    .select()
    .from(fiscalItems)
    .where(and(eq(fiscalItems.device, device), eq(fiscalItems.itemCd, 'DELIVERY'), isNull(fiscalItems.productId)));
  return {
    defaultItemClass: settings.defaultItemClass ?? null,
    items: [
      ...(page === 1
        ? [
            {
              _id: 'delivery',
              name: 'Delivery (the fee of every order that pays one)',
              itemClsCd: delivery?.itemClsCd ?? null,
              registeredClsCd: delivery?.registeredClsCd ?? null,
            },
          ]
        : []),
      ...rows.map((r) => ({ _id: r.id, name: r.name, itemClsCd: r.itemClsCd, registeredClsCd: r.registeredClsCd })),
    ],
    page,
    pages: Math.max(1, Math.ceil(Number(n) / ITEM_PAGE_SIZE)),
  };
}

/** The admin's pick for a product or the delivery line; a kept list must hold the code, and in use. */
export async function pickItemClass(db: Db, settings: FiscalSettings, id: string, itemClsCd: string) {
  let productId: string | null = null;
  let name = 'Delivery';
  if (id !== 'delivery') {
    const [product] = isUuid(id)
      ? await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, id)).limit(1)
      : [];
    if (!product) throw NotFound('Product not found');
    productId = product.id;
    name = product.name;
  }
  if ((await classCount(db)) > 0) {
    const [known] = await db.select().from(fiscalItemClasses).where(eq(fiscalItemClasses.code, itemClsCd)).limit(1);
    if (!known) throw Conflict(`${itemClsCd} is not a classification the VSDC lists (refresh the list if it is new)`);
    if (!known.inUse) throw Conflict(`${itemClsCd} (${known.name}) is no longer in use`);
  }
  const device = deviceKey(settings);
  const itemCd = itemCodeOf({ productId, name, delivery: id === 'delivery' });
  await db
    .insert(fiscalItems)
    .values({ device, itemCd, productId, itemClsCd })
    .onConflictDoUpdate({
      target: [fiscalItems.device, fiscalItems.itemCd],
      set: { itemClsCd, productId, updatedAt: sql`now()` },
    });
  const [row] = await db
    .select()
    .from(fiscalItems)
    .where(and(eq(fiscalItems.device, device), eq(fiscalItems.itemCd, itemCd)));
  return { _id: id, name, itemClsCd: row.itemClsCd, registeredClsCd: row.registeredClsCd };
}
