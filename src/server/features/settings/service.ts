import type { Db, Tx } from '../../db/client';
import { lockStoredSettings, mergeStoredSettings, readStoredSettings } from './queries';
import { recordAudit, type AuditActor } from '../audit';
import { settingsChangedEntry } from './settings-audit';
import { shopSettingsSchema, type ShopSettings } from '../../../shared/schemas/settings';
import { DEFAULT_MAKERS_PERCENT } from '../../../shared/member-shares';
import { DEFAULT_RETURN_RULES, DEFAULT_RETURN_WINDOW_DAYS } from '../../../shared/returns';

/** Clearly fictional demo values until an admin enters the cooperative's own. */
export const DEMO_SHOP_SETTINGS: ShopSettings = {
  shopName: "Forest Gold Women's Co-op (demo)",
  email: 'hello@coop-shop.example',
  phone: '+260 97 000 0000',
  address: 'Demo Village, Southern Province, Zambia',
  airtelMoneyNumber: '+260 97 000 0001',
  mtnMoneyNumber: '+260 96 000 0002',
  paymentAccountName: 'Forest Gold Co-op (demo)',
  facebookUrl: 'https://facebook.com/',
  instagramUrl: 'https://instagram.com/',
  linkedinUrl: 'https://linkedin.com/',
  lowStockThreshold: 5,
  whatsappNumber: '+260 97 000 0000',
  orderSmsNumber: '',
  makersPercent: DEFAULT_MAKERS_PERCENT,
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
  returnRules: DEFAULT_RETURN_RULES,
};

export async function getShopSettings(db: Db): Promise<ShopSettings> {
  return withDemoDefaults(await readStoredSettings(db));
}

const readInTransaction = new WeakMap<Tx, Promise<ShopSettings>>();

/** Databases this process alone writes (the embedded one): a save here drops the copy when it commits. */
const soleWriters = new WeakSet<Db>();
export function settingsWrittenOnlyHere(db: Db): void {
  soleWriters.add(db);
}

/**
 * The settings as one transaction sees them, read once however many subscribers ask (an order's mail
 * and its texts). Where this process alone writes them (`db` given and the embedded database), the copy
 * kept for `db` is the stored value, so it is used without a statement and a read here keeps it; each
 * statement of an order is one more answer across threads, behind the orders in flight (decision 073).
 * On PostgreSQL another instance's save reaches this one by a notice a moment later, and a payment
 * number in an order's e-mail must not be that moment old: the transaction reads them.
 */
export function shopSettingsInTransaction(tx: Tx, db?: Db): Promise<ShopSettings> {
  let read = readInTransaction.get(tx);
  if (!read) {
    const sole = db !== undefined && soleWriters.has(db);
    const copy = sole ? freshCopy(db) : undefined;
    if (copy) read = Promise.resolve(copy);
    else {
      const changesAtStart = sole ? changesOf(db) : 0;
      read = getShopSettings(tx);
      if (sole)
        void read.then(
          (value) => keepCopy(db, value, changesAtStart),
          () => {},
        );
    }
    readInTransaction.set(tx, read);
  }
  return read;
}

/** Changes seen per database handle (one per app instance): a save here, or a notice of one elsewhere. */
const changes = new WeakMap<Db, number>();
const changesOf = (db: Db) => changes.get(db) ?? 0;
const copies = new WeakMap<Db, { value: ShopSettings; until: number; changes: number }>();
/** A change whose notice was lost (a dropped LISTEN connection) reaches this instance within this time. */
const COPY_TTL_MS = 30_000;

/** Drops the copy kept for `db`: the settings were saved here, or another instance said it saved them. */
export function settingsChanged(db: Db): void {
  changes.set(db, changesOf(db) + 1);
}

/**
 * The settings for server-rendered pages, read at most every 30 s instead of once per page. A save drops
 * the copy at once (on PostgreSQL in every instance, through a notice), so a corrected payment number is
 * never shown from an old copy. Order e-mails and texts read them in their own transaction on PostgreSQL
 * (shopSettingsInTransaction).
 */
export async function cachedShopSettings(db: Db): Promise<ShopSettings> {
  const copy = freshCopy(db);
  if (copy) return copy;
  const changesAtStart = changesOf(db);
  const value = await getShopSettings(db);
  keepCopy(db, value, changesAtStart);
  return value;
}

function freshCopy(db: Db): ShopSettings | undefined {
  const copy = copies.get(db);
  return copy && copy.until > Date.now() && copy.changes === changesOf(db) ? copy.value : undefined;
}

/** Kept only when no save was seen since the read began: a read that began before one may hold the old value. */
function keepCopy(db: Db, value: ShopSettings, changesAtStart: number): void {
  if (changesAtStart === changesOf(db))
    copies.set(db, { value, until: Date.now() + COPY_TTL_MS, changes: changesAtStart });
}

/** An admin's save (the actor) gets an audit line of what changed; tests and scripts may save without one. */
export async function updateShopSettings(
  db: Db,
  changes: Partial<ShopSettings>,
  actor?: AuditActor,
): Promise<ShopSettings> {
  const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const stored = await db.transaction(async (tx) => {
    const before = actor ? withDemoDefaults(await lockStoredSettings(tx)) : null;
    const merged = await mergeStoredSettings(tx, given);
    const entry = before && settingsChangedEntry(before, withDemoDefaults(merged));
    if (actor && entry) await recordAudit(tx, actor, entry);
    return merged;
  });
  settingsChanged(db);
  return withDemoDefaults(stored);
}

/** Field by field, so one stored value that no longer passes the rules falls back alone, not the whole set. */
function withDemoDefaults(stored: unknown): ShopSettings {
  const result: Record<string, unknown> = { ...DEMO_SHOP_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const [key, field] of Object.entries(shopSettingsSchema.shape)) {
      const parsed = field.safeParse((stored as Record<string, unknown>)[key]);
      if (parsed.success) result[key] = parsed.data;
    }
  }
  return result as ShopSettings;
}
