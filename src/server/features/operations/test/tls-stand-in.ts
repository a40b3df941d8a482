import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:tls';

/** An HTTPS port standing in for Caddy: a certificate for `domain`, valid `days`, itself the authority to trust. */
export async function tlsStandIn(domain: string, days: number) {
  const folder = mkdtempSync(path.join(tmpdir(), 'coop-tls-'));
  const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
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
      String(days),
      '-subj',
      `/O=Test Authority/CN=${domain}`,
      '-addext',
      `subjectAltName=DNS:${domain}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const ca = readFileSync(cert, 'utf8');
  const server = createServer({ key: readFileSync(key), cert: ca }, (socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ca,
    port: (server.address() as AddressInfo).port,
    close: () => {
      rmSync(folder, { recursive: true, force: true });
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
