import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createServer } from 'node:net';

/** Helpers of the scripts that start the built or source server as a child process on loopback. */

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Waits until `base` answers `healthPath` with a 2xx (every 200 ms, up to 2 minutes); throws if `child` exits first. */
export async function waitForHealth(base: string, child: ChildProcess, healthPath = '/api/health') {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}${healthPath}`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

/** Sends `signal` to `child` and waits for its exit; answers at once if it has already exited. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

export interface ShopProcessOptions {
  /** The checkout whose source server runs (default: the current directory). */
  cwd?: string;
  port: number;
  dataDir: string;
  /** The demo catalogue at first start, with its pictures (slower), or an empty shop. */
  seedDemo: boolean;
  /** Another build of the web app than the checkout's dist/web. */
  webDistDir?: string;
  /** More settings for the shop (on top of this process's environment). */
  env?: Record<string, string>;
  stdio?: StdioOptions;
  /** Node flags for the server process (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

/** The shop's source server (tsx) as a child process on 127.0.0.1:port, its own data directory and public address. */
export function spawnShop({
  cwd,
  port,
  dataDir,
  seedDemo,
  webDistDir,
  env = {},
  stdio = 'ignore',
  nodeArgs = [],
}: ShopProcessOptions): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: String(seedDemo),
      LOG_LEVEL: 'warn',
      ...(webDistDir ? { WEB_DIST_DIR: webDistDir } : {}),
      ...env,
    },
    stdio,
  });
}
