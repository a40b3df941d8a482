/**
 * The build side of "Offline and installable" (docs/decisions/018-service-worker-updates.md), used by
 * vite.config.ts: the web app manifest and its icons, the app shell page, and the service worker of
 * src/web/service-worker built by vite-plugin-pwa (injectManifest) with a precache of what a first
 * visit needs (decision 071).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { LIKELY_NEXT_MARK } from '../src/shared/precache-groups';

const THEME_COLOUR = '#2c5a32';
/** The page background (sand-50): the splash screen of the installed app. */
const BACKGROUND_COLOUR = '#fdfaf4';
const FAVICON = 'src/web/public/favicon.svg';
/** Where the worker's page fallback lives (APP_SHELL_URL in src/web/service-worker/cache-rules.ts). */
const APP_SHELL_FILE = 'app-shell.html';
/** The back office's chunk and everything only it loads: staff work online, shoppers never download it. */
const BACK_OFFICE_SOURCE = 'src/web/features/admin/admin-app.tsx';

export const WEB_APP_MANIFEST = {
  id: '/',
  name: 'Forest Co-op Shop',
  short_name: 'Forest Co-op',
  description:
    'Organic skincare, body care, gift sets, nuts and cooking oils from a women’s forest co-operative in Zambia.',
  lang: 'en-ZM',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME_COLOUR,
  background_color: BACKGROUND_COLOUR,
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The icons, drawn from the favicon at build time (no binary files to keep in step with it). The
 * maskable one fills the square with the theme colour and keeps the leaf inside the middle 70 %, the
 * circle a launcher may cut it to.
 */
async function icons(): Promise<Record<string, Buffer>> {
  const svg = await readFile(FAVICON);
  const drawn = (size: number) =>
    sharp(svg, { density: (72 * size) / 32 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
  const inner = Math.round(512 * 0.7);
  const maskable = await sharp({ create: { width: 512, height: 512, channels: 4, background: THEME_COLOUR } })
    .composite([{ input: await drawn(inner), gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { 'icon-192.png': await drawn(192), 'icon-512.png': await drawn(512), 'icon-maskable-512.png': maskable };
}

/**
 * The app shell: the built index.html without the server's markers, the page the worker shows offline
 * for a screen it has no copy of. The app then renders that screen from what the phone has.
 */
export function appShellOf(indexHtml: string): string {
  return indexHtml.replace(/<!--app-[a-z-]+-->\n?/g, '');
}

function installableFiles(): Plugin {
  return {
    name: 'coop:installable',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type === 'asset') {
        this.emitFile({ type: 'asset', fileName: APP_SHELL_FILE, source: appShellOf(String(index.source)) });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: `${JSON.stringify(WEB_APP_MANIFEST, null, 2)}\n`,
      });
      for (const [fileName, source] of Object.entries(await icons()))
        this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

/**
 * Every file the storefront may load: the entry and all it imports, statically or lazily, without
 * entering the back office. A file the back office shares with the storefront is in.
 */
export function storefrontFiles(manifest: ViteManifest, backOffice = BACK_OFFICE_SOURCE): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || key === backOffice) return;
    seen.add(key);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/** The app the tiny entry starts on every page (the server's APP_SOURCE), and the chunk that registers the worker. */
const APP_SOURCES = ['src/web/main.tsx', 'src/web/app/service-worker.ts'];

/**
 * The screens a shopper is likely to open next from any storefront page: what the header (products,
 * about, contact, the cart) and the product cards link to. The worker keeps them for offline once the first page is idle, unless the phone saves data (issue 43).
 */
export const LIKELY_NEXT_SOURCES = [
  'src/web/features/catalog/pages/home-page.tsx',
  'src/web/features/catalog/pages/products-page.tsx',
  'src/web/features/catalog/pages/product-detail-page.tsx',
  'src/web/features/cart/cart-page.tsx',
  'src/web/features/pages/about-page.tsx',
  'src/web/features/pages/contact-page.tsx',
];

/** The files of each chunk of `keys` and of its static imports, transitively, with their styles. */
function staticFiles(manifest: ViteManifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const file of chunk.css ?? []) files.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * What the worker keeps at install, in two groups. `core`: the entry and the app every page loads with
 * their styles, already in the browser's HTTP cache when the worker installs (their names never change
 * content), so kept without a download; with the app shell, the page for any screen offline. `later`: the
 * screens of LIKELY_NEXT_SOURCES and what they import, less the core; downloaded unless the phone saves
 * data. Throws when the manifest lacks one, so a renamed screen fails the build instead of keeping nothing.
 */
export function firstVisitFiles(
  manifest: ViteManifest,
  likelyNext: readonly string[] = LIKELY_NEXT_SOURCES,
): { core: Set<string>; later: Set<string> } {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  for (const key of [...APP_SOURCES, ...likelyNext])
    if (!manifest[key]) throw new Error(`the build manifest has no chunk for ${key}`);
  const core = staticFiles(manifest, [...entries, ...APP_SOURCES]);
  const storefront = storefrontFiles(manifest);
  const later = new Set(
    [...staticFiles(manifest, likelyNext)].filter((file) => !core.has(file) && storefront.has(file)),
  );
  return { core, later };
}

/**
 * The worker's manifest (issue 43, decision 071): the app shell and the core, LIKELY_NEXT_MARK, then the
 * likely-next screens (src/shared/precache-groups.ts). Nothing else of the build: other screens (checkout, account, sign-in) are kept
 * when a shopper opens them (src/web/service-worker/sw.ts), and the back office never.
 */
export function firstVisitPrecache(outDir: string, likelyNext = LIKELY_NEXT_SOURCES): ManifestTransform {
  return (entries) => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
    const { core, later } = firstVisitFiles(manifest, likelyNext);
    const at = (url: string) => entries.find((entry) => entry.url === url);
    const group = (urls: Iterable<string>) => [...urls].flatMap((url) => at(url) ?? []);
    return {
      manifest: [
        ...group([APP_SHELL_FILE, ...core]),
        { url: LIKELY_NEXT_MARK, revision: null, size: 0 },
        ...group(later),
      ],
      warnings: [],
    };
  };
}

export function installableShop(outDir: string): Plugin[] {
  return [
    installableFiles(),
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/web/service-worker',
      filename: 'sw.ts',
      outDir,
      // Registered by the app itself, after the page has loaded (src/web/app/start-service-worker.ts).
      injectRegister: false,
      // Written by installableFiles, and linked from index.html by hand.
      manifest: false,
      injectManifest: {
        globPatterns: ['assets/**/*.{js,css,woff2}', APP_SHELL_FILE],
        manifestTransforms: [firstVisitPrecache(outDir)],
      },
    }),
  ];
}
