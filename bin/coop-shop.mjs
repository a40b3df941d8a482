#!/usr/bin/env node
// The `coop-shop` command of the package (npx coop-shop install ...). It runs the built command
// (dist/server/cli/coop-shop.js) on Node.js 22 or later. A fresh Debian 12 or Ubuntu 24.04 has only the
// distribution's Node 18 (apt-get install npm): then it first puts Node.js 24 where the installed shop
// keeps it, /opt/coop-shop/node, fetched as .ci/run does (the registry's node-linux-<arch>@24 through
// npm pack), and runs again on it. Plain JavaScript that Node 18 runs; decision 058.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const command = path.join(here, '..', 'dist', 'server', 'cli', 'coop-shop.js');
if (!existsSync(command)) {
  console.error(`This copy of the shop is not built (${command} is missing): run npm run build first.`);
  process.exit(1);
}
const major = Number(process.versions.node.split('.')[0]);
if (major >= 22) {
  await import(pathToFileURL(command).href);
} else {
  const nodeDir = '/opt/coop-shop/node';
  const node = path.join(nodeDir, 'bin', 'node');
  const works = () => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.startsWith('v24.');
  if (!works()) {
    if (process.getuid && process.getuid() !== 0) {
      console.error('coop-shop install changes the whole machine: run it as root (sudo).');
      process.exit(1);
    }
    const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
    if (!arch) {
      console.error(`There is no Node.js 24 build for this processor (${process.arch}).`);
      process.exit(1);
    }
    console.log(`Fetching Node.js 24 (node-linux-${arch}@24 from the npm registry) into ${nodeDir} ...`);
    mkdirSync(path.dirname(nodeDir), { recursive: true });
    const folder = mkdtempSync(path.join(path.dirname(nodeDir), '.node-'));
    chmodSync(folder, 0o755); // the service user runs it
    const run = (cmd, args) =>
      spawnSync(cmd, args, { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
    const tarball = () => readdirSync(folder).find((f) => f.endsWith('.tgz'));
    const fetched =
      run('npm', ['pack', '--silent', `node-linux-${arch}@24`]) &&
      tarball() &&
      run('tar', ['-xzf', tarball(), '--strip-components=1', 'package/bin/node']);
    if (!fetched) {
      rmSync(folder, { recursive: true, force: true });
      console.error('Could not fetch Node.js 24 from the npm registry: is the internet reachable from here?');
      process.exit(1);
    }
    rmSync(path.join(folder, tarball()));
    rmSync(nodeDir, { recursive: true, force: true });
    renameSync(folder, nodeDir);
  }
  const again = spawnSync(node, [command, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}
