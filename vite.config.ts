import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { preactForReact } from './scripts/preact-for-react';
import { installableShop } from './scripts/vite-pwa';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes .br and .gz next to each script and stylesheet at build time, at the highest levels, so the
 * server sends the smallest bytes without compressing on every start or request (src/server/features/ssr).
 */
function precompress(): Plugin {
  return {
    name: 'coop:precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? webOutDir;
      const files = Object.keys(bundle).filter(
        (file) => /\.(js|css|svg|json)$/.test(file) && !file.startsWith('.vite/'),
      );
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(path.join(dir, file));
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
            }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(path.join(dir, `${file}.br`), br), writeFile(path.join(dir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}

// The API (npm run dev) listens on 3000 by default; override with API_PORT when it runs elsewhere.
// WEB_DIST_DIR lets several checkouts or test runs build side by side without emptying each other's files.
const webOutDir = process.env.WEB_DIST_DIR ?? 'dist/web';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/**
 * TanStack Query marks its modules "use client" for React Server Components, which the shop does not use:
 * the bundler's notice that the directive is dropped is noise.
 */
const quietDirectives: NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onwarn'] = (warning, warn) => {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
};

/**
 * `vite build --ssr src/web/entry-server.tsx`: the storefront's render module for the server, beside the
 * browser's build (dist/web-ssr for dist/web). Its libraries are bundled in and built for production,
 * so their development checks (TanStack Query's, for one) stay out whatever NODE_ENV the server runs with.
 */
const serverRenderBuild: UserConfig = {
  resolve: { alias: preactForReact },
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: `${webOutDir}-ssr`,
    emptyOutDir: true,
    target: 'node20',
    reportCompressedSize: false,
    rolldownOptions: { onwarn: quietDirectives },
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRenderBuild
    : {
        // installableShop: manifest, icons and service worker (docs/web-app.md: Offline and installable).
        plugins: [tailwindcss(), precompress(), ...installableShop(webOutDir)],
        resolve: { alias: preactForReact },
        publicDir: 'src/web/public',
        server: {
          port: 5173,
          proxy: {
            '/api': { target: apiTarget, changeOrigin: false },
            '/uploads': { target: apiTarget, changeOrigin: false },
          },
        },
        build: {
          outDir: webOutDir,
          emptyOutDir: true,
          // The server reads the manifest to preload the chunk of the page being opened (no request waterfall).
          manifest: true,
          target: 'es2022',
          cssCodeSplit: true,
          reportCompressedSize: false,
          // scripts/bundle-report.ts checks the budget that matters (first-load JavaScript of the public pages).
          // The back office's chart library (~360 KB raw) is one lazy chunk that only the dashboard loads.
          chunkSizeWarningLimit: 400,
          rolldownOptions: {
            onwarn: quietDirectives,
            // Brotli at level 11 is meant to be slow; the timing notice about it is noise.
            checks: { bundlerTimings: false },
            output: {
              codeSplitting: {
                groups: [
                  // Vite's helper that fetches a lazy chunk's imports alongside it. The entry (src/web/boot.ts)
                  // uses it to start the app, so it must not sit in a chunk that brings Preact with it.
                  { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 20 },
                  // Libraries every page needs change far less often than our code: kept apart, a returning
                  // shopper's phone keeps them cached across deploys instead of downloading them again.
                  {
                    name: 'vendor',
                    test: /node_modules[\\/](preact|@tanstack)[\\/]/,
                    priority: 10,
                  },
                  // Our small shared modules (buttons, formatters, icons) in one file instead of a dozen
                  // sub-kilobyte ones: on HTTP/1.1 each file costs a request and about 1 KB of headers.
                  {
                    name: 'shared',
                    // Not the dialogs: they bring Radix's focus and scroll locks (~4 KB gzip) that only the back
                    // office and the account screens use, and would otherwise ride along on every first visit.
                    test: /src[\\/]web[\\/](components[\\/](?!ui[\\/](dialog|confirm-dialog|progress-bar)\.)|lib[\\/])|node_modules[\\/]lucide-react[\\/]/,
                    minShareCount: 2,
                    priority: 5,
                  },
                ],
              },
            },
          },
        },
      },
);
