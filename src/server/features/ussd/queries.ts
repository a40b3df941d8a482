import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, like, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { CATEGORIES } from '../../../shared/categories';
import {
  members,
  orders,
  products,
  productVariants,
  ussdCallers,
  ussdSessions,
  ussdTranslations,
} from '../../db/schema';
import { variantLabel } from '../../../shared/schemas/products';
import type { TranslatedLanguage, Translations, TextKey } from '../../../shared/ussd-texts';

export type SessionRow = typeof ussdSessions.$inferSelect;
export type CallerRow = typeof ussdCallers.$inferSelect;
export type Draft = NonNullable<CallerRow['draft']>;

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(ussdSessions).where(eq(ussdSessions.id, id)).limit(1);
  return row;
}

const sessionAndCaller = preparedStatement('ussd_session_and_caller', (db) =>
  db
    .select({ session: ussdSessions, caller: ussdCallers, memberId: members.id })
    .from(sql`(select 1) as one`)
    .leftJoin(ussdSessions, eq(ussdSessions.id, sql.placeholder('id')))
    .leftJoin(ussdCallers, eq(ussdCallers.mobile, sql.placeholder('mobile')))
    .leftJoin(members, and(eq(members.mobile, sql.placeholder('mobile')), eq(members.active, true))),
);

/**
 * A step's session (if the gateway sent one before), its caller (if known), and whether the number is an
 * active co-op member's wallet (docs/decisions/066-member-earnings-reports.md), in one round trip.
 */
export async function findSessionAndCaller(
  db: Db,
  id: string,
  mobile: string,
): Promise<{ session: SessionRow | undefined; caller: CallerRow | undefined; member: boolean }> {
  const [row] = await sessionAndCaller(db, { id, mobile });
  return { session: row?.session ?? undefined, caller: row?.caller ?? undefined, member: Boolean(row?.memberId) };
}

/** A session waiting for the caller's next input (its last answer was a CON). */
const isLive = like(ussdSessions.answer, 'CON %');

/**
 * The first step of a session; false when another request of the same session wrote it first. The number's
 * other live sessions past the newest `keepOthers` are closed with `closed` (an END their next step reads):
 * a phone shows one session at a time, so an older one is a dropped call or a gateway's stale copy. One
 * number's starts are taken one at a time (a lock on the number), so the bound holds under a burst.
 */
export async function startSession(
  db: Db,
  row: Pick<SessionRow, 'id' | 'mobile' | 'steps' | 'state' | 'answer'>,
  keepOthers: number,
  closed: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coop-shop:ussd:${row.mobile}`}))`);
    const written = await tx.insert(ussdSessions).values(row).onConflictDoNothing().returning({ id: ussdSessions.id });
    if (written.length === 0) return false;
    const older = tx
      .select({ id: ussdSessions.id })
      .from(ussdSessions)
      .where(and(eq(ussdSessions.mobile, row.mobile), isLive, ne(ussdSessions.id, row.id)))
      .orderBy(desc(ussdSessions.createdAt), desc(ussdSessions.id))
      .offset(keepOthers);
    await tx
      .update(ussdSessions)
      .set({ answer: closed, updatedAt: sql`now()` })
      .where(inArray(ussdSessions.id, older));
    return true;
  });
}

const advance = preparedStatement('ussd_advance_session', (db) =>
  db
    .update(ussdSessions)
    .set({
      steps: sql`${sql.placeholder('steps')}::integer`,
      state: sql`${sql.placeholder('state')}::jsonb`,
      answer: sql`${sql.placeholder('answer')}::text`,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(ussdSessions.id, sql.placeholder('id')), eq(ussdSessions.steps, sql.placeholder('fromSteps')), isLive),
    )
    .returning({ id: ussdSessions.id }),
);

/**
 * Moves the session on from `fromSteps` only, and only while it is live: of two copies of one step, one is
 * acted on, and a session closed meanwhile (a newer one of the number) stays closed.
 */
export async function advanceSession(
  db: Db,
  id: string,
  fromSteps: number,
  change: Pick<SessionRow, 'steps' | 'state' | 'answer'> & Partial<Pick<SessionRow, 'orderId' | 'promptDueAt'>>,
): Promise<boolean> {
  if (change.orderId === undefined && change.promptDueAt === undefined) {
    const { steps, state, answer } = change;
    const moved = await advance(db, { id, fromSteps, steps, state: JSON.stringify(state), answer });
    return moved.length > 0;
  }
  const written = await db
    .update(ussdSessions)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(ussdSessions.id, id), eq(ussdSessions.steps, fromSteps), isLive))
    .returning({ id: ussdSessions.id });
  return written.length > 0;
}

/** The payment prompt of the order a step placed, when another copy of the step (or a close) moved the row. */
export async function recordPrompt(db: Db, id: string, orderId: string, promptDueAt: Date): Promise<void> {
  await db.update(ussdSessions).set({ orderId, promptDueAt }).where(eq(ussdSessions.id, id));
}

/**
 * Sessions untouched for this long are gone (ended, closed or dropped): longer than a session lives (180 s
 * on Africa's Talking) with the gateway's repeats of its last step, which the row answers until then.
 */
export const SESSION_KEPT_MS = 10 * 60_000;

/**
 * Deletes the sessions untouched for SESSION_KEPT_MS, except one whose payment prompt is still to be taken.
 * Every instance runs it: a delete by age is the same from any of them, and two at once only wait on the
 * same rows' locks.
 */
export async function pruneSessions(db: Db): Promise<number> {
  const gone = await db
    .delete(ussdSessions)
    .where(
      and(
        lt(ussdSessions.updatedAt, sql`now() - make_interval(secs => ${SESSION_KEPT_MS / 1000})`),
        or(isNull(ussdSessions.promptDueAt), isNotNull(ussdSessions.promptTakenAt)),
      ),
    )
    .returning({ id: ussdSessions.id });
  return gone.length;
}

/**
 * Writes the number's draft only while it is still the basket `expected` (the draft's id as the step read
 * it, null for none): false when another session of the number changed it meanwhile.
 */
export async function replaceDraft(
  db: Db,
  mobile: string,
  expected: string | null,
  draft: Draft | null,
): Promise<boolean> {
  const at = draft ? new Date() : null;
  const written = await db
    .insert(ussdCallers)
    .values({ mobile, draft, draftUpdatedAt: at })
    .onConflictDoUpdate({
      target: ussdCallers.mobile,
      set: { draft, draftUpdatedAt: at, updatedAt: new Date() },
      setWhere: sql`${ussdCallers.draft}->>'id' is not distinct from ${expected}::text`,
    })
    .returning({ mobile: ussdCallers.mobile });
  return written.length > 0;
}

export async function readDraft(db: Db, mobile: string): Promise<Pick<CallerRow, 'draft' | 'draftUpdatedAt'>> {
  const [row] = await db
    .select({ draft: ussdCallers.draft, draftUpdatedAt: ussdCallers.draftUpdatedAt })
    .from(ussdCallers)
    .where(eq(ussdCallers.mobile, mobile));
  return row ?? { draft: null, draftUpdatedAt: null };
}

/** Empties the number's draft if it is still the basket `basket`, in the transaction of the order it becomes. */
export async function takeBasket(tx: Tx, mobile: string, basket: string): Promise<boolean> {
  const taken = await tx
    .update(ussdCallers)
    .set({ draft: null, draftUpdatedAt: null, updatedAt: new Date() })
    .where(and(eq(ussdCallers.mobile, mobile), sql`${ussdCallers.draft}->>'id' = ${basket}`))
    .returning({ mobile: ussdCallers.mobile });
  return taken.length > 0;
}

export async function saveLanguage(db: Db, mobile: string, language: string): Promise<void> {
  await db
    .insert(ussdCallers)
    .values({ mobile, language })
    .onConflictDoUpdate({ target: ussdCallers.mobile, set: { language, updatedAt: new Date() } });
}

/** One size (variant) of a product with options, as the menu offers it (docs/decisions/067-sizes-and-sets.md). */
export interface VariantChoice {
  id: string;
  /** "250 ml", "Large / Lemongrass". */
  label: string;
  priceNgwee: number;
  countInStock: number;
  /** The one a line without a size takes (placeOrder's rule). */
  isDefault: boolean;
}

export interface ProductChoice {
  id: string;
  name: string;
  size: string | null;
  /** For a product with options: its default variant's price; `countInStock` the sum of its variants'. */
  priceNgwee: number;
  countInStock: number;
  /** The product's option names ("Size"); empty for a plain product or a gift set, which order as before. */
  options: string[];
  /** The lowest variant price when the variants' prices differ, else null. */
  priceFromNgwee: number | null;
  /** A product with options: its variants in the shop's order; empty otherwise. */
  variants: VariantChoice[];
}

const productChoice = {
  id: products.id,
  name: products.name,
  size: products.size,
  priceNgwee: products.priceNgwee,
  countInStock: products.countInStock,
  options: products.options,
  priceFromNgwee: products.priceFromNgwee,
};

type ProductChoiceRow = Omit<ProductChoice, 'variants'>;

const variantsByProducts = preparedStatement('ussd_variants_of_products', (db) =>
  db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      optionValues: productVariants.optionValues,
      priceNgwee: productVariants.priceNgwee,
      countInStock: productVariants.countInStock,
      isDefault: productVariants.isDefault,
    })
    .from(productVariants)
    .where(sql`${productVariants.productId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(productVariants.position), asc(productVariants.id)),
);

/** The rows with their variants: one more read, only when some of them has options. */
async function withVariants(db: Db, rows: ProductChoiceRow[]): Promise<ProductChoice[]> {
  const ids = rows.filter((r) => r.options.length > 0).map((r) => r.id);
  const variants = ids.length > 0 ? await variantsByProducts(db, { ids }) : [];
  return rows.map((row) => ({
    ...row,
    variants: variants
      .filter((v) => v.productId === row.id)
      .map((v) => ({
        id: v.id,
        label: variantLabel(v.optionValues),
        priceNgwee: v.priceNgwee,
        countInStock: v.countInStock,
        isDefault: v.isDefault,
      })),
  }));
}

/** Categories with something in stock, for the first list. */
export async function categoriesInStock(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: products.category })
    .from(products)
    .where(gt(products.countInStock, 0));
  // The storefront's order of categories, whatever order the database answers in.
  const order = (c: string) => {
    const i = (CATEGORIES as readonly string[]).indexOf(c);
    return i === -1 ? CATEGORIES.length : i;
  };
  return rows.map((r) => r.category).sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

export async function productsInStock(
  db: Db,
  category: string,
  offset: number,
  limit: number,
): Promise<ProductChoice[]> {
  const rows = await db
    .select(productChoice)
    .from(products)
    .where(and(eq(products.category, category), gt(products.countInStock, 0)))
    .orderBy(asc(products.name), asc(products.id))
    .offset(offset)
    .limit(limit);
  return withVariants(db, rows);
}

const choicesByIds = preparedStatement('ussd_products_by_ids', (db) =>
  db
    .select(productChoice)
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

export async function productsByIds(db: Db, ids: string[]): Promise<ProductChoice[]> {
  if (ids.length === 0) return [];
  return withVariants(db, await choicesByIds(db, { ids }));
}

/** The three newest orders of an account, for "My orders". */
export async function lastOrders(db: Db, userId: string) {
  return db
    .select({ id: orders.id, totalNgwee: orders.totalNgwee, status: orders.status, isPaid: orders.isPaid })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(3);
}

/** The address of the account's newest order: what "the saved address" is for a caller. */
export async function lastAddress(db: Db, userId: string) {
  const [row] = await db
    .select({ shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.shippingAddress;
}

export async function readTranslations(db: Db): Promise<Translations> {
  const rows = await db.select().from(ussdTranslations);
  const out: Translations = {};
  for (const row of rows) {
    const language = row.language as TranslatedLanguage;
    (out[language] ??= {})[row.key as TextKey] = row.text;
  }
  return out;
}

/** Replaces one language's translations (an empty text removes that translation). */
export async function writeTranslations(
  db: Db | Tx,
  language: TranslatedLanguage,
  texts: Partial<Record<TextKey, string>>,
) {
  await db.delete(ussdTranslations).where(eq(ussdTranslations.language, language));
  const rows = Object.entries(texts)
    .filter(([, text]) => text && text.trim() !== '')
    .map(([key, text]) => ({ language, key, text: text!.trim() }));
  if (rows.length > 0) await db.insert(ussdTranslations).values(rows);
}

/** Takes one due payment prompt (at most one instance takes each); its order and the order's account. */
export async function takeDuePrompt(db: Db, sessionId?: string) {
  const due = db
    .select({ id: ussdSessions.id })
    .from(ussdSessions)
    .where(
      and(
        isNotNull(ussdSessions.promptDueAt),
        isNull(ussdSessions.promptTakenAt),
        lte(ussdSessions.promptDueAt, sql`now()`),
        sessionId ? eq(ussdSessions.id, sessionId) : undefined,
      ),
    )
    .limit(1)
    .for('update', { skipLocked: true });
  const [taken] = await db
    .update(ussdSessions)
    .set({ promptTakenAt: sql`now()` })
    .where(and(inArray(ussdSessions.id, due), isNull(ussdSessions.promptTakenAt)))
    .returning({ id: ussdSessions.id, orderId: ussdSessions.orderId, mobile: ussdSessions.mobile });
  if (!taken?.orderId) return null;
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, taken.orderId));
  return order?.userId ? { ...taken, orderId: taken.orderId, userId: order.userId } : null;
}
