import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { runCommand, type CommandIo } from '../command';
import { shopLayout, type ShopLayout } from '../layout';
import { openFolder, type TestRelease } from './release-fixture';

export interface StagedInstall {
  layout: ShopLayout;
  domain: string;
  email: string;
  /** What the last command printed, line by line. */
  lines: string[];
  run(argv: string[], io?: CommandIo): Promise<number>;
  install(extra?: string[], io?: CommandIo): Promise<number>;
  remove(): void;
}

export const TEST_DOMAIN = 'shop.coop-test.example';

/** Tests change the machine (a system user): they run as root, as CI does. */
export function requireRoot() {
  if (process.getuid?.() !== 0)
    throw new Error('The going-live tests make a system user and run the shop as it: run them as root (CI does).');
  for (const [tool, version] of [
    ['caddy', 'version'],
    ['systemd-analyze', '--version'],
  ])
    try {
      execFileSync(tool, [version], { stdio: 'ignore' });
    } catch {
      throw new Error(`${tool} is not on PATH: apt-get install -y caddy pebble systemd (as .ci/run does)`);
    }
}

/** `coop-shop install` into a fresh staging root, run in this process with its output kept. */
export function stagedInstall(release: TestRelease, options: { port: number }): StagedInstall {
  const root = openFolder('coop-stage-');
  const layout = shopLayout(root);
  const staged: StagedInstall = {
    layout,
    domain: TEST_DOMAIN,
    email: 'owner@coop-test.example',
    lines: [],
    async run(argv, io = {}) {
      staged.lines = [];
      return runCommand([...argv, '--root', root], { out: (line) => staged.lines.push(...line.split('\n')), ...io });
    },
    install(extra = [], io = {}) {
      return staged.run(
        [
          'install',
          '--domain',
          staged.domain,
          '--email',
          staged.email,
          '--from',
          release.folder,
          '--node-binary',
          process.execPath,
          '--port',
          String(options.port),
          ...extra,
        ],
        io,
      );
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
  return staged;
}
