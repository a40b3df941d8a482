import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, stopChild } from '../../../../../scripts/local-server';

export interface Pebble {
  /** The ACME directory, for Caddy's acme_ca. */
  directory: string;
  /** The certificate of Pebble's own HTTPS, for Caddy's acme_ca_root. */
  serverCertificate: string;
  /** The root that signs the certificates Pebble issues (made anew at each start). */
  issuingRoot(): Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

/** GET over HTTPS trusting only `ca`. */
export function httpsText(url: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { ca }, (response) => {
      let body = '';
      response.on('data', (d) => (body += d));
      response.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Pebble, Let's Encrypt's ACME test server (Debian's package), on free ports of 127.0.0.1. Every
 * challenge counts as passed (PEBBLE_VA_ALWAYS_VALID): no DNS points at this machine. Its own HTTPS
 * certificate is made here with openssl, as Debian's package carries none.
 */
export async function startPebble(): Promise<Pebble> {
  const folder = mkdtempSync(path.join(tmpdir(), 'coop-pebble-'));
  const cert = path.join(folder, 'cert.pem');
  const key = path.join(folder, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=pebble',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const [port, management, httpPort, tlsPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const config = path.join(folder, 'pebble.json');
  writeFileSync(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${port}`,
        managementListenAddress: `127.0.0.1:${management}`,
        certificate: cert,
        privateKey: key,
        httpPort,
        tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const child = spawn('pebble', ['-config', config], {
    env: { ...process.env, PEBBLE_VA_ALWAYS_VALID: '1', PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const serverCertificate = cert;
  const ca = readFileSync(cert, 'utf8');
  const directory = `https://127.0.0.1:${port}/dir`;
  for (let i = 0; ; i++) {
    try {
      await httpsText(directory, ca);
      break;
    } catch (error) {
      if (i > 100 || child.exitCode !== null)
        throw new Error(`Pebble did not start: ${(error as Error).message}\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    directory,
    serverCertificate,
    issuingRoot: () => httpsText(`https://127.0.0.1:${management}/roots/0`, ca),
    output: () => output,
    async stop() {
      await stopChild(child, 'SIGTERM');
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
