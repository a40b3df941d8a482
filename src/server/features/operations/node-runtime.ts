import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { mustRun, OperationFailed, type Host } from './host';
import type { ShopLayout } from './layout';
import { alreadyRight, changed, type Step } from './steps';

/** The Node.js major the shop runs on (decision 051). */
export const NODE_MAJOR = 24;

/**
 * V8 compiles the embedded database's WebAssembly with its baseline compiler only. Its optimising compiler
 * took the shop's start to a peak of 770 MB (resident, measured), against 270 MB without it: a 1 GB
 * server cannot hold that peak beside the system and Caddy (decision 058). The service takes it from
 * NODE_FLAGS (`coop-shop config set NODE_FLAGS=` on a bigger server); the command and the shop's own
 * one-shot commands it runs always use it.
 */
export const LOW_PEAK_NODE_FLAGS = '--liftoff-only';

/** The version of a node binary (v24.11.1), or undefined when it is missing or does not run. */
export async function nodeVersion(host: Host, nodeBin: string): Promise<string | undefined> {
  if (!existsSync(nodeBin)) return undefined;
  const result = await host.run(nodeBin, ['--version']);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

const registryArch = (arch: string) => (arch === 'x64' || arch === 'arm64' ? arch : undefined);

/**
 * Node.js 24 in /opt/coop-shop/node, as CI gets it (.ci/run, decision 051): the registry's official
 * build `node-linux-<arch>@24` through `npm pack` (the registry's integrity check, no install script),
 * its bin/node unpacked beside and then moved into place, so a cut download leaves nothing half there.
 * No third-party apt source. `nodeBinary` copies a node already on the machine instead (installs with no
 * network, and tests).
 */
export function nodeRuntimeStep(host: Host, layout: ShopLayout, options: { nodeBinary?: string } = {}): Step {
  return {
    what: `Node.js ${NODE_MAJOR}`,
    async run() {
      const found = await nodeVersion(host, layout.nodeBin);
      if (found?.startsWith(`v${NODE_MAJOR}.`)) return alreadyRight(`Node.js ${found} in ${layout.nodeDir}`);
      const folder = mkdtempSync(path.join(layout.codeDir, '.node-'));
      chmodSync(folder, 0o755); // the service user runs it
      try {
        const unpacked = path.join(folder, 'bin/node');
        if (options.nodeBinary) {
          mkdirSync(path.dirname(unpacked), { recursive: true });
          copyFileSync(options.nodeBinary, unpacked);
        } else await fetchNode(host, folder);
        chmodSync(unpacked, 0o755);
        const version = await nodeVersion(host, unpacked);
        if (!version?.startsWith(`v${NODE_MAJOR}.`))
          throw new OperationFailed(`the Node.js fetched says ${version ?? 'nothing'}, not ${NODE_MAJOR}`);
        rmSync(layout.nodeDir, { recursive: true, force: true });
        renameSync(folder, layout.nodeDir);
        return changed(`Node.js ${version} put in ${layout.nodeDir}${found ? ` (was ${found})` : ''}`);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

async function fetchNode(host: Host, folder: string) {
  const arch = registryArch(process.arch);
  if (!arch) throw new OperationFailed(`no Node.js ${NODE_MAJOR} build for this processor (${process.arch})`);
  const npm = await host.run('npm', ['--version']);
  if (npm.code !== 0)
    throw new OperationFailed('npm is needed once, to fetch Node.js: apt-get install -y npm, then run this again');
  await mustRun(host, 'npm', ['pack', '--silent', `node-linux-${arch}@${NODE_MAJOR}`], { cwd: folder });
  const tarball = readdirSync(folder).find((file) => file.startsWith('node-linux-') && file.endsWith('.tgz'));
  if (!tarball) throw new OperationFailed(`npm pack node-linux-${arch}@${NODE_MAJOR} left no file`);
  await mustRun(host, 'tar', ['-xzf', tarball, '--strip-components=1', 'package/bin/node'], { cwd: folder });
  rmSync(path.join(folder, tarball));
}
