import { INITIAL_DATA_ELEMENT_ID } from '../../../shared/initial-data';
import { imageSrcSet, PRODUCT_MAIN_IMAGE_SIZES, storedImageName, variantUrl } from '../../../shared/images';
import type { PageMeta } from './page-meta';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** JSON inside <script>: '<' escaped so no text can close the element early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;

export interface PageParts {
  meta: PageMeta;
  shopName: string;
  /** Chunks of the screen being opened, fetched alongside the entry instead of after it. */
  modulePreloads: string[];
  initialData: Record<string, unknown>;
}

function headTags({ meta: page, shopName, modulePreloads }: PageParts): string {
  const tags = [
    meta('name', 'description', page.description),
    meta('name', 'robots', page.robots),
    page.canonical ? `<link rel="canonical" href="${escapeHtml(page.canonical)}" />` : '',
    meta('property', 'og:site_name', shopName),
    meta('property', 'og:type', page.ogType),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:locale', 'en_ZM'),
    page.canonical ? meta('property', 'og:url', page.canonical) : '',
    page.image ? meta('property', 'og:image', page.image) : '',
    page.imageAlt ? meta('property', 'og:image:alt', page.imageAlt) : '',
    ...page.extraMeta.map((m) => meta('property', m.property, m.content)),
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    page.image ? meta('name', 'twitter:image', page.image) : '',
    ...modulePreloads.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`),
    page.preloadImage ? imagePreload(page.preloadImage) : '',
    ...page.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Must match what ProductImage renders for the main photo, or the browser would fetch two copies. */
function imagePreload(url: string): string {
  const srcset = imageSrcSet(url);
  const href = storedImageName(url) ? variantUrl(url, 800) : url;
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(PRODUCT_MAIN_IMAGE_SIZES)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(href)}"${responsive} fetchpriority="high" />`;
}

/** Fills the built index.html: title, head tags at <!--app-head-->, embedded data at <!--app-data-->. */
export function renderPage(template: string, parts: PageParts): string {
  const data = `<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">${scriptJson(parts.initialData)}</script>`;
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(parts.meta.title)}</title>`)
    .replace('<!--app-head-->', () => headTags(parts))
    .replace('<!--app-data-->', () => data);
}

const ROOT = '<div id="root">';

/** The filled page cut where the server-drawn storefront goes: inside the root element. */
export function pageDocument(template: string, parts: PageParts): { head: string; tail: string } {
  const page = renderPage(template, parts);
  const at = page.indexOf(ROOT);
  if (at < 0) throw new Error('The page template has no <div id="root">');
  const rest = page.slice(at + ROOT.length);
  if (!rest.startsWith('</div>')) throw new Error('The page template\'s root element is not empty');
  return { head: page.slice(0, at + ROOT.length), tail: rest };
}
