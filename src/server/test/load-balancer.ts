import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, stopChild } from '../../../scripts/local-server';
import { nginxStandaloneConfig } from './nginx-config';

/**
 * nginx from the operating system's package (Debian: apt-get install nginx) in front of shop instances,
 * for the load-balanced tests and `npm run cluster`. Our own nginx process with a generated config in a
 * temp folder; the system's nginx service is never touched.
 */

export interface LoadBalancer {
  url: string;
  close(): Promise<void>;
}

/**
 * The nginx binary: NGINX_BIN, else the first on PATH, else where packages put it (/usr/sbin is often
 * missing from a non-root PATH).
 */
export function findNginx(): string {
  const candidates = [
    process.env.NGINX_BIN,
    ...(process.env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.join(dir, 'nginx')),
    '/usr/sbin/nginx',
    '/usr/local/sbin/nginx',
    '/usr/local/nginx/sbin/nginx',
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  throw new Error('nginx is not installed (Debian: apt-get install -y nginx), or set NGINX_BIN to its path');
}

/** Starts nginx round-robin over `upstreams` (host:port or http:// URLs) and answers once it serves requests. */
export async function startLoadBalancer(
  upstreams: string[],
  options: { port?: number; host?: string } = {},
): Promise<LoadBalancer> {
  const nginx = findNginx();
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort());
  const runDir = mkdtempSync(path.join(tmpdir(), 'coop-nginx-'));
  // Started as root, nginx runs its worker as an unprivileged user, which must reach the temp folders in here.
  chmodSync(runDir, 0o755);
  const conf = path.join(runDir, 'nginx.conf');
  writeFileSync(conf, nginxStandaloneConfig({ listen: `${host}:${port}`, upstreams, runDir, showUpstream: true }));

  // -e: the error log from the first instant (before the config is read, nginx would open the system's).
  const child = spawn(nginx, ['-p', runDir, '-c', conf, '-e', path.join(runDir, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const errorLog = () => {
    try {
      return readFileSync(path.join(runDir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const close = async () => {
    await stopChild(child, 'SIGTERM');
    rmSync(runDir, { recursive: true, force: true });
  };

  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  try {
    await waitForNginx(url, () => child.exitCode !== null || child.signalCode !== null);
  } catch (error) {
    const log = `${output}${errorLog()}`.slice(-3000);
    await close();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return { url, close };
}

/** Any HTTP answer will do (even a 502 while no instance is up): nginx is listening. */
async function waitForNginx(url: string, exited: () => boolean) {
  for (let i = 0; i < 150; i++) {
    if (exited()) throw new Error('nginx exited while starting');
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer on ${url}`);
}
