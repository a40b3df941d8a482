import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeFakeBuild } from './test/web-app';

let t: TestApp;
let distDir: string;

const manifest = {
  name: 'Forest Co-op Shop',
  start_url: '/',
  display: 'standalone',
  icons: [{ src: '/icon-192.png', sizes: '192x192' }],
};

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'coop-shop-sw-dist-'));
  writeFakeBuild(distDir);
  writeFileSync(
    path.join(distDir, 'sw.js'),
    `self.__WB_MANIFEST = ${JSON.stringify([{ url: 'assets/index-abc.js', revision: null }])};`,
  );
  writeFileSync(path.join(distDir, 'workbox-5f3a2c1d.js'), 'export const workbox = 1;');
  writeFileSync(path.join(distDir, 'manifest.webmanifest'), JSON.stringify(manifest));
  writeFileSync(path.join(distDir, 'app-shell.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(distDir, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  process.env.WEB_DIST_DIR = distDir;
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
  delete process.env.WEB_DIST_DIR;
  rmSync(distDir, { recursive: true, force: true });
});

describe('the files that make the shop installable and offline', () => {
  it('serves the service worker, its Workbox scripts, the manifest and the app shell to be revalidated at every fetch', async () => {
    for (const url of ['/sw.js', '/workbox-5f3a2c1d.js', '/manifest.webmanifest', '/app-shell.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // Revalidation costs a 304, not the file again.
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('serves the manifest as a web app manifest and the worker as a script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.headers['content-type']).toBe('application/manifest+json');
    expect(res.json()).toEqual(manifest);
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['content-type']).toContain('text/javascript');
    // Precache revisions with a query string are the same file.
    const revisioned = await t.app.inject({ method: 'GET', url: '/app-shell.html?__WB_REVISION__=abc' });
    expect(revisioned.statusCode).toBe(200);
    expect(revisioned.body).toContain('<div id="root">');
  });

  it('keeps the day-long cache for the other top-level files, and a year for hashed assets', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/icon-192.png' })).headers['cache-control']).toBe(
      'public, max-age=86400',
    );
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe(
      'public, max-age=86400',
    );
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});
