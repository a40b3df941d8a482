import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/local-server';
import { parseEnvFile } from './env-file';
import { startCaddy, type CaddyProcess } from './test/caddy-process';
import { startPebble, type Pebble } from './test/pebble';
import { buildTestRelease, removeOpenFolders } from './test/release-fixture';
import { shopperGet } from './test/shopper';
import { requireRoot, stagedInstall, TEST_DOMAIN, type StagedInstall } from './test/staged-install';
import { runCommand } from './command';
import { unitServices, unitSettings } from './test/unit-runner';

let pebble: Pebble;
let staged: StagedInstall;
let caddy: CaddyProcess;
let services: ReturnType<typeof unitServices>;
let ports: { http: number; https: number };

beforeAll(async () => {
  requireRoot();
  ports = { http: await freePort(), https: await freePort() };
  const [release, started] = await Promise.all([buildTestRelease('0.1.0'), startPebble()]);
  pebble = started;
  staged = stagedInstall(release, { port: await freePort() });
}, 120_000);
afterAll(async () => {
  await services?.stop('coop-shop');
  await caddy?.stop();
  await pebble?.stop();
  staged?.remove();
  removeOpenFolders();
});

describe('the installed shop on the internet', () => {
  it('answers shoppers over HTTPS with a certificate the ACME server issued, redirects HTTP, and logs the shopper, not Caddy', async () => {
    const code = await staged.install([
      '--acme-ca',
      pebble.directory,
      '--acme-ca-root',
      pebble.serverCertificate,
      '--http-port',
      String(ports.http),
      '--https-port',
      String(ports.https),
    ]);
    expect(code, staged.lines.join('\n')).toBe(0);

    // The shop exactly as its service starts it, Caddy from the Caddyfile written.
    const { layout } = staged;
    expect(unitSettings(layout.unitFile).get('User')).toBe('coop-shop');
    services = unitServices(layout);
    await services.restart('coop-shop');
    const shop = services.running!;
    caddy = startCaddy(layout.caddyfile);
    const port = parseEnvFile(readFileSync(layout.envFile, 'utf8')).get('PORT');
    const base = `https://${TEST_DOMAIN}:${ports.https}`;
    const ca = await pebble.issuingRoot();

    let home;
    let last: string | undefined;
    for (let i = 0; ; i++) {
      try {
        home = await shopperGet(`${base}/`, { ca });
        if (home.status === 200) break;
        last = `${home.status} ${home.body.slice(0, 200)}`;
      } catch (error) {
        last = (error as Error).message;
      }
      if (i > 60 || !shop.alive())
        throw new Error(`no HTTPS answer: ${last}\n${caddy.output().slice(-3000)}\n${shop.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.certificate!.subjectaltname).toBe(`DNS:${TEST_DOMAIN}`);
    expect(home.certificate!.issuer.CN).toMatch(/^Pebble Intermediate CA/);

    // The API through the same door, compressed when the shopper asks.
    const probe = `/api/products?probe=${Date.now()}`;
    const products = await shopperGet(`${base}${probe}`, { ca, headers: { 'accept-encoding': 'gzip' } });
    expect(products.status).toBe(200);
    expect(products.headers['content-type']).toContain('application/json');
    const page = await shopperGet(`${base}/about`, { ca, headers: { 'accept-encoding': 'gzip' } });
    expect([page.status, page.headers['content-encoding']]).toEqual([200, 'gzip']);

    // HTTP is redirected to HTTPS, path kept (to the standard port 443: Caddy names no other in it).
    const plain = await shopperGet(`http://${TEST_DOMAIN}:${ports.http}/products?page=2`);
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toBe(`https://${TEST_DOMAIN}/products?page=2`);

    // The shop saw the shopper's address (127.0.0.5), not Caddy's (127.0.0.1): its limits count shoppers.
    const logged = shop
      .output()
      .split('\n')
      .filter((line) => line.includes(probe))
      .map((line) => JSON.parse(line) as { req?: { remoteAddress?: string } });
    expect(logged.length).toBeGreaterThan(0);
    expect(logged[0].req?.remoteAddress).toBe('127.0.0.5');
    // Caddy alone reaches the shop: it listens on 127.0.0.1 only.
    expect(shop.output()).toContain(`"msg":"Server listening at http://127.0.0.1:${port}"`);

    // The doctor sees the same: the shop up, the domain here (what the DNS would say), Pebble's certificate.
    const said: string[] = [];
    await runCommand(['doctor', '--root', layout.root], {
      services,
      out: (line) => said.push(...line.split('\n')),
      probes: {
        resolve: async () => ['127.0.0.1'],
        localAddresses: () => ['127.0.0.1'],
        https: { host: '127.0.0.1', port: ports.https, ca },
      },
    });
    expect(said.slice(2, 5)).toEqual([
      '  ok    The shop runs and answers (release 0.1.0).',
      `  ok    Domain: ${TEST_DOMAIN} points at this server (127.0.0.1).`,
      expect.stringMatching(
        new RegExp(
          `^ {2}ok {4}HTTPS: certificate for ${TEST_DOMAIN.replace(/\./g, '\\.')} from Pebble Intermediate CA \\w+, \\d+ days left`,
        ),
      ),
    ]);
  }, 180_000);
});
