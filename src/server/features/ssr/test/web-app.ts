import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { App } from '../../../app';
import { createTestApp } from '../../../test/test-app';

/** A fake build: the same markers and manifest shape as `vite build`, tiny files. */
export function writeFakeBuild(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en-ZM"><head><meta charset="UTF-8" />\n<!--app-head-->\n<title>Dev title</title>\n` +
      `<script type="module" crossorigin src="/assets/index-abc.js"></script>\n` +
      `<link rel="modulepreload" crossorigin href="/assets/runtime-abc.js">\n<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div>\n<!--app-data-->\n</body></html>`,
  );
  const entry = `console.log(${JSON.stringify('x'.repeat(3000))});`;
  writeFileSync(path.join(dir, 'assets/index-abc.js'), entry);
  writeFileSync(path.join(dir, 'assets/index-abc.js.gz'), gzipSync(entry));
  writeFileSync(path.join(dir, 'assets/runtime-abc.js'), 'export const runtime = 1;');
  writeFileSync(path.join(dir, 'assets/main-abc.js'), 'export const app = 1;');
  writeFileSync(path.join(dir, 'assets/index-abc.css'), 'body{margin:0}');
  writeFileSync(path.join(dir, 'assets/vendor-abc.js'), 'export const react = 1;');
  writeFileSync(path.join(dir, 'assets/home-page-abc.js'), 'export const home = 1;');
  writeFileSync(path.join(dir, 'assets/product-grid-abc.js'), 'export const grid = 1;');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const manifest = {
    'src/web/boot.ts': {
      file: 'assets/index-abc.js',
      isEntry: true,
      imports: ['_runtime.js'],
      css: ['assets/index-abc.css'],
    },
    '_runtime.js': { file: 'assets/runtime-abc.js' },
    'src/web/main.tsx': { file: 'assets/main-abc.js', imports: ['_runtime.js', '_vendor.js'] },
    '_vendor.js': { file: 'assets/vendor-abc.js' },
    '_product-grid.js': { file: 'assets/product-grid-abc.js', imports: ['_vendor.js'] },
    'src/web/features/catalog/pages/home-page.tsx': {
      file: 'assets/home-page-abc.js',
      imports: ['_vendor.js', '_product-grid.js'],
    },
  };
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
}

/** The whole server (createTestApp: fresh PGlite or PostgreSQL database) with the web plugin serving a fake build. */
export async function createWebTestApp(): Promise<{ app: App; close(): Promise<void> }> {
  const distDir = mkdtempSync(path.join(tmpdir(), 'coop-shop-web-dist-'));
  writeFakeBuild(distDir);
  process.env.WEB_DIST_DIR = distDir;
  const t = await createTestApp({ publicUrl: 'https://shop.example' });
  return {
    app: t.app,
    async close() {
      await t.close();
      delete process.env.WEB_DIST_DIR;
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
