import { CATEGORIES } from '../../../shared/categories';
import { escapeHtml } from './html';

/** The screens a search engine has no business in (SPEC §2 private and back-office routes). */
const DISALLOWED = ['/admin', '/checkout', '/cart', '/login', '/register', '/account', '/api/'];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface SitemapProduct {
  id: string;
  updatedAt: Date;
}

export function sitemapXml(publicUrl: string, products: SitemapProduct[]): string {
  const url = (loc: string, lastmod?: Date, priority?: string) =>
    `  <url><loc>${escapeHtml(`${publicUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}${priority ? `<priority>${priority}</priority>` : ''}</url>`;
  const lines = [
    url('/', undefined, '1.0'),
    url('/products', undefined, '0.9'),
    ...CATEGORIES.map((category) => url(`/products?category=${category}`, undefined, '0.7')),
    url('/about', undefined, '0.5'),
    url('/contact', undefined, '0.5'),
    ...products.map((p) => url(`/products/${p.id}`, p.updatedAt, '0.8')),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}
