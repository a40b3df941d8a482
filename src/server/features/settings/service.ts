import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { shopSettingsSchema, type ShopSettings } from '../../../shared/schemas/settings';

const SHOP_KEY = 'shop';

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
};

export async function getShopSettings(db: Db): Promise<ShopSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SHOP_KEY)).limit(1);
  return withDemoDefaults(row?.value);
}

let savedCount = 0;
const copies = new WeakMap<Db, { value: ShopSettings; until: number; saves: number }>();
/** Another server instance's save reaches this one within this time. */
const COPY_TTL_MS = 30_000;

/**
 * The settings for pages and e-mails, read at most every 30 s instead of once per page or order. A save
 * in this process drops the copy at once, so a corrected payment number is never mailed from an old copy.
 */
export async function cachedShopSettings(db: Db): Promise<ShopSettings> {
  const copy = copies.get(db);
  if (copy && copy.until > Date.now() && copy.saves === savedCount) return copy.value;
  const saves = savedCount;
  const value = await getShopSettings(db);
  copies.set(db, { value, until: Date.now() + COPY_TTL_MS, saves });
  return value;
}

/**
 * Merges the changes into the stored value inside one statement (jsonb ||), so two admins saving
 * different fields at once both keep their change.
 */
export async function updateShopSettings(db: Db, changes: Partial<ShopSettings>): Promise<ShopSettings> {
  const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const [row] = await db
    .insert(settings)
    .values({ key: SHOP_KEY, value: given })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`${settings.value} || excluded.value`, updatedAt: new Date() },
    })
    .returning({ value: settings.value });
  savedCount += 1;
  return withDemoDefaults(row?.value);
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
