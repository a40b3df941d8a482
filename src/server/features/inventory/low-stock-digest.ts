import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { getShopSettings } from '../settings';
import { clearRestockedReports, takeNewlyLowStock, type LowStockProduct } from './queries';

/**
 * The low-stock digest: one e-mail to the shop naming every product that fell to its alert level
 * (its own, or the shop's default) since the last digest; a product with sizes by each size that fell to
 * the product's level ("Mungongo Oil (100 ml)"), a gift set never (its parts are). Each is named once until
 * its stock is above the level again. The message is recorded in the same transaction that marks the products, so a crash
 * neither loses the digest nor sends it twice, and of several instances only one names each product.
 */
export async function sendLowStockDigest(app: FastifyInstance): Promise<LowStockProduct[]> {
  const named = await app.db.transaction(async (tx) => {
    const settings = await getShopSettings(tx);
    await clearRestockedReports(tx, settings.lowStockThreshold);
    const low = await takeNewlyLowStock(tx, settings.lowStockThreshold);
    if (low.length > 0) await recordDigest(app, tx, low, app.config.shopEmail ?? settings.email, settings.shopName);
    return low;
  });
  if (named.length > 0) app.outbox.wake();
  return named;
}

async function recordDigest(app: FastifyInstance, tx: Tx, low: LowStockProduct[], to: string, shopName: string) {
  const link = new URL('/admin/products?stock=low', app.config.publicUrl).toString();
  const lines = low.map(
    (p) =>
      `- ${p.name} (SKU ${p.sku}): ${p.countInStock === 0 ? 'sold out' : `${p.countInStock} left`} (alert at ${p.threshold})`,
  );
  const text = [
    low.length === 1 ? 'One product is running low:' : `${low.length} products are running low:`,
    '',
    ...lines,
    '',
    `See every product that is low on stock: ${link}`,
    '',
    `Each product (or size of a product) is named once until its stock is above its alert level again. Change the levels in the back office of ${shopName}.`,
  ].join('\n');
  await app.outbox.record(tx, [
    {
      kind: 'low-stock',
      to,
      subject: low.length === 1 ? `Low stock: ${low[0].name}` : `Low stock: ${low.length} products`,
      text,
    },
  ]);
}
