import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopChild } from '../../../../../scripts/local-server';

export interface CaddyProcess {
  output(): string;
  stop(): Promise<void>;
}

/** `caddy run` on a Caddyfile, its certificates and state in a folder of its own (not the machine's). */
export function startCaddy(caddyfile: string): CaddyProcess {
  const home = mkdtempSync(path.join(tmpdir(), 'coop-caddy-'));
  const child = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return {
    output: () => output,
    async stop() {
      await stopChild(child, 'SIGTERM');
      rmSync(home, { recursive: true, force: true });
    },
  };
}
