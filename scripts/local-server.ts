import type { ChildProcess } from 'node:child_process';
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
