import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import type { SitemapProduct } from './seo-files';

/** Sitemaps hold at most 50,000 addresses; the static pages take a dozen. */
export const SITEMAP_MAX_PRODUCTS = 49_000;

export async function sitemapProducts(db: Db): Promise<SitemapProduct[]> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.createdAt))
    .limit(SITEMAP_MAX_PRODUCTS);
}
