import { chmod, unlink } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BackupBusy, type BackupDestination } from './backup-runner';

/**
 * The embedded database opens in one process only, so `npm run backup` cannot read it while the shop
 * runs: it asks the running shop instead, over a Unix socket in DATA_DIR that only the shop's own user
 * can open (mode 0600). Nothing of it is reachable over the network.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'shop.sock');

/** Unix socket paths are limited to about 100 bytes. */
const MAX_SOCKET_PATH = 100;

export async function openControlSocket(app: FastifyInstance): Promise<() => Promise<void>> {
  const socketPath = controlSocketPath(app.config.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    app.log.warn(
      { socketPath },
      'DATA_DIR is too long a path for the control socket: npm run backup needs the shop stopped',
    );
    return async () => {};
  }
  // Left by a shop that was killed: the folder lock says no other shop runs here.
  await unlink(socketPath).catch(() => {});
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/backup') return answer(404, { message: 'Not found' });
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) request.destroy();
    });
    request.on('end', async () => {
      try {
        const { to } = (JSON.parse(body || '{}') ?? {}) as { to?: BackupDestination };
        const run = await app.backups.run('command', { to });
        answer(200, run);
      } catch (error) {
        answer(error instanceof BackupBusy ? 409 : 500, { message: (error as Error).message });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/** The CLI's side: asks the shop running on DATA_DIR for a backup; answers its recorded run. */
export function requestBackup(
  dataDir: string,
  to?: BackupDestination,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        socketPath: controlSocketPath(dataDir),
        path: '/backup',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 500, body: JSON.parse(text) });
          } catch {
            reject(new Error('the shop gave an answer that is not JSON'));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ to }));
  });
}
