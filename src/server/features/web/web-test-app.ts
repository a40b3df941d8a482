import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { buildApp, type App } from '../../app';
import type { AppConfig } from '../../config';
import { openDatabase } from '../../db/client';
import webPlugin from './plugin';

/** A fake build: the same markers and manifest shape as `vite build`, tiny files. */
export function writeFakeBuild(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en-ZM"><head><meta charset="UTF-8" />\n<!--app-head-->\n<title>Dev title</title>\n` +
      `<script type="module" crossorigin src="/assets/index-abc.js"></script>\n` +
      `<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js"></head><body><div id="root"></div>\n<!--app-data-->\n</body></html>`,
  );
  const entry = `console.log(${JSON.stringify('x'.repeat(3000))});`;
  writeFileSync(path.join(dir, 'assets/index-abc.js'), entry);
  writeFileSync(path.join(dir, 'assets/index-abc.js.gz'), gzipSync(entry));
  writeFileSync(path.join(dir, 'assets/vendor-abc.js'), 'export const react = 1;');
  writeFileSync(path.join(dir, 'assets/home-page-abc.js'), 'export const home = 1;');
  writeFileSync(path.join(dir, 'assets/product-grid-abc.js'), 'export const grid = 1;');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const manifest = {
    'src/web/main.tsx': { file: 'assets/index-abc.js', isEntry: true, imports: ['_vendor.js'] },
    '_vendor.js': { file: 'assets/vendor-abc.js' },
    '_product-grid.js': { file: 'assets/product-grid-abc.js', imports: ['_vendor.js'] },
    'src/web/features/catalog/pages/home-page.tsx': { file: 'assets/home-page-abc.js', imports: ['_vendor.js', '_product-grid.js'] },
  };
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
}

async function freshPostgres(adminUrl: string) {
  const name = `shop_web_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The whole server with the web plugin serving a fake build. Registers the plugin itself while
 * src/server/app.ts does not yet; afterwards WEB_DIST_DIR points the registered one at the fake build.
 */
export async function createWebTestApp(): Promise<{ app: App; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-shop-web-'));
  const distDir = path.join(dataDir, 'dist-web');
  writeFakeBuild(distDir);
  process.env.WEB_DIST_DIR = distDir;
  const fresh = process.env.TEST_DATABASE_URL ? await freshPostgres(process.env.TEST_DATABASE_URL) : null;
  const database = await openDatabase({ databaseUrl: fresh?.url });
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    mailFrom: '"Test Shop" <shop@coop-shop.example>',
    jwtSecret: randomBytes(32).toString('hex'),
    jwtExpiresIn: '1h',
    publicUrl: 'https://shop.example',
    logLevel: 'silent',
    seedDemo: false,
  };
  const app = await buildApp({ config, database, logger: false });
  if (!app.hasPlugin('web')) await app.register(webPlugin, { distDir });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      await fresh?.drop();
      delete process.env.WEB_DIST_DIR;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
