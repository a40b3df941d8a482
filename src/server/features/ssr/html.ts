import { APP_CHUNKS_META } from '../../../shared/app-chunks';
import { EARLY_TAPS_SCRIPT } from '../../../shared/early-taps';
import { INITIAL_DATA_ELEMENT_ID } from '../../../shared/initial-data';
import { imageSrcSet, PRODUCT_MAIN_IMAGE_SIZES, storedImageName, variantUrl } from '../../../shared/images';
import type { PageMeta } from './page-meta';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** JSON inside <script>: '<' escaped so no text can close the element early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;

export interface PageParts {
  meta: PageMeta;
  shopName: string;
  /** Chunks of the screen being opened, fetched alongside the entry instead of after it. */
  modulePreloads: string[];
  initialData: Record<string, unknown>;
  /**
   * For a page the server has drawn: it is readable before its scripts run, so the browser is not told
   * of the app's chunks until it has painted (src/web/boot.ts reads them from APP_CHUNKS_META then). The
   * stylesheet and the main picture have the line to themselves, and a slow phone shows the shop sooner.
   */
  chunksAfterPaint?: boolean;
}

function chunkTags(modulePreloads: string[], afterPaint: boolean | undefined): string[] {
  if (afterPaint) return modulePreloads.length > 0 ? [meta('name', APP_CHUNKS_META, modulePreloads.join(' '))] : [];
  return modulePreloads.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`);
}

function headTags({ meta: page, shopName, modulePreloads, chunksAfterPaint }: PageParts): string {
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
    ...chunkTags(modulePreloads, chunksAfterPaint),
    page.preloadImage ? imagePreload(page.preloadImage) : '',
    ...page.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Must match what ProductImage renders for the main photo, or the browser would fetch two copies. */
function imagePreload(url: string): string {
  const srcset = imageSrcSet(url);
  const href = storedImageName(url) ? variantUrl(url, 800) : url;
  const responsive = srcset
    ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(PRODUCT_MAIN_IMAGE_SIZES)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(href)}"${responsive} fetchpriority="high" />`;
}

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * The built index.html with its stylesheets moved to the top of <head>, ahead of every script and preload:
 * nothing is painted before the stylesheet arrives, and on a phone's few connections it must not queue
 * behind the scripts.
 */
export function stylesheetFirst(template: string): string {
  const sheets = template.match(STYLESHEET) ?? [];
  if (sheets.length === 0 || !template.includes('<!--app-head-->')) return template;
  return template
    .replace(STYLESHEET, '')
    .replace('<!--app-head-->', () => `${sheets.map((tag) => tag.trim()).join('\n    ')}\n    <!--app-head-->`);
}

/**
 * The entry of a server-drawn page at low priority: the page is readable without it, and it only waits
 * for the first paint before it starts the app (PageParts.chunksAfterPaint).
 */
export function scriptsAtLowPriority(template: string): string {
  return template.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}

const CHARSET = /<meta charset="[^"]*" \/>/;

/**
 * Fills the built index.html: title, head tags at <!--app-head-->, embedded data at <!--app-data-->. A
 * drawn page (chunksAfterPaint) holds the taps that land before its app runs (src/shared/early-taps.ts):
 * the script goes first, ahead of the stylesheet, which an inline script after it would wait for.
 */
export function renderPage(template: string, parts: PageParts): string {
  const data = `<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">${scriptJson(parts.initialData)}</script>`;
  const earlyTaps = parts.chunksAfterPaint ? `\n    <script>${EARLY_TAPS_SCRIPT}</script>` : '';
  return template
    .replace(CHARSET, (charset) => `${charset}${earlyTaps}`)
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
  if (!rest.startsWith('</div>')) throw new Error("The page template's root element is not empty");
  return { head: page.slice(0, at + ROOT.length), tail: rest };
}
