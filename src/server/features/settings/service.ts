import { eq } from 'drizzle-orm';
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
  const [row] = await db.select().from(settings).where(eq(settings.key, SHOP_KEY)).limit(1);
  const stored = shopSettingsSchema.partial().safeParse(row?.value ?? {});
  return { ...DEMO_SHOP_SETTINGS, ...(stored.success ? stored.data : {}) };
}

export async function updateShopSettings(db: Db, changes: Partial<ShopSettings>): Promise<ShopSettings> {
  const next = { ...(await getShopSettings(db)), ...changes };
  await db
    .insert(settings)
    .values({ key: SHOP_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
  return next;
}
