import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { mustRun, OperationFailed, type Host } from './host';
import type { ShopLayout } from './layout';

/** What a release holds: the built server and web app, the migrations it applies, its package files. */
const RELEASE_PARTS = [
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'dist/server',
  'dist/web',
  'src/server/db/migrations',
];
/** Written last into a release folder: a folder without it is a cut install, never started. */
const COMPLETE = '.release.json';

export interface ReleaseSource {
  /** A folder holding a built release (a checkout after `npm run build`, or an unpacked package). */
  folder: string;
  version: string;
  /** Removes what reading the source unpacked. */
  dispose(): void;
}

/**
 * A release to install: a folder (a built checkout, or a test's release), a file made by `npm pack`, or a
 * package on the registry (`coop-shop@0.2.0`), fetched with `npm pack` and its integrity check.
 */
export async function openReleaseSource(host: Host, from: string, scratch: string): Promise<ReleaseSource> {
  let folder = path.resolve(from);
  let unpackedIn: string | undefined;
  if (!existsSync(folder) || from.endsWith('.tgz')) {
    unpackedIn = mkdtempSync(path.join(scratch, '.release-'));
    let tarball = folder;
    if (!existsSync(folder)) {
      await mustRun(host, 'npm', ['pack', '--silent', from], { cwd: unpackedIn });
      const packed = readdirSync(unpackedIn).find((file) => file.endsWith('.tgz'));
      if (!packed) throw new OperationFailed(`npm pack ${from} left no file`);
      tarball = path.join(unpackedIn, packed);
    }
    await mustRun(host, 'tar', ['-xzf', tarball, '-C', unpackedIn]);
    folder = path.join(unpackedIn, 'package');
  }
  const dispose = () => unpackedIn && rmSync(unpackedIn, { recursive: true, force: true });
  for (const needed of ['package.json', 'dist/server/main.js', 'dist/web/index.html', 'src/server/db/migrations']) {
    if (!existsSync(path.join(folder, needed))) {
      dispose();
      throw new OperationFailed(`${from} is not a built release of the shop (no ${needed}): run npm run build there`);
    }
  }
  const version = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).version as string;
  if (!/^[0-9A-Za-z.+-]+$/.test(version)) throw new OperationFailed(`${from} has no usable version (${version})`);
  return { folder, version, dispose };
}

export const releaseFolder = (layout: ShopLayout, version: string) => path.join(layout.releasesDir, version);

/** Whether this version is installed whole. */
export const releaseIsInstalled = (layout: ShopLayout, version: string) =>
  existsSync(path.join(releaseFolder(layout, version), COMPLETE));

/** The version `current` points at, or undefined before the first install. */
export function currentVersion(layout: ShopLayout, link = layout.currentLink): string | undefined {
  try {
    return path.basename(readlinkSync(link));
  } catch {
    return undefined;
  }
}

/**
 * Puts a release into releases/<version>, beside the others: copied into a folder of its own, given its
 * production packages, then renamed into place and marked complete, so a cut install is never a release.
 * Answers false when that version was already installed whole.
 */
export async function installRelease(host: Host, layout: ShopLayout, source: ReleaseSource): Promise<boolean> {
  const target = releaseFolder(layout, source.version);
  if (releaseIsInstalled(layout, source.version)) return false;
  mkdirSync(layout.releasesDir, { recursive: true, mode: 0o755 });
  const building = path.join(layout.releasesDir, `.${source.version}.${randomBytes(4).toString('hex')}`);
  mkdirSync(building, { mode: 0o755 });
  try {
    for (const part of RELEASE_PARTS) {
      const from = path.join(source.folder, part);
      if (existsSync(from)) cpSync(from, path.join(building, part), { recursive: true });
    }
    await placeModules(host, layout, source.folder, building);
    writeFileSync(
      path.join(building, COMPLETE),
      `${JSON.stringify({ version: source.version, installed: new Date().toISOString() })}\n`,
    );
    rmSync(target, { recursive: true, force: true }); // a cut install of the same version
    renameSync(building, target);
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return true;
}

/**
 * The release's production packages. Releases whose package-lock.json is the same share one folder of
 * them (modules/<hash of the lock>), so an update that changed no package fetches nothing. They come from
 * the source's own node_modules when it has them (a built checkout: hard links, or copies across disks;
 * a link is kept as a link), else from the registry with `npm ci --omit=dev`.
 */
async function placeModules(host: Host, layout: ShopLayout, source: string, release: string) {
  const sourceModules = path.join(source, 'node_modules');
  const releaseModules = path.join(release, 'node_modules');
  if (existsSync(sourceModules) && lstatSync(sourceModules).isSymbolicLink()) {
    symlinkSync(realpathSync(sourceModules), releaseModules);
    return;
  }
  const lockFile = ['npm-shrinkwrap.json', 'package-lock.json'].find((file) => existsSync(path.join(release, file)));
  if (!lockFile) throw new OperationFailed('the release has no package-lock.json: its packages cannot be pinned');
  const lock = readFileSync(path.join(release, lockFile));
  const shared = path.join(layout.modulesDir, createHash('sha256').update(lock).digest('hex').slice(0, 16));
  if (!existsSync(path.join(shared, COMPLETE))) {
    const filling = `${shared}.${randomBytes(4).toString('hex')}`;
    mkdirSync(filling, { recursive: true, mode: 0o755 });
    try {
      if (existsSync(sourceModules)) linkProductionPackages(sourceModules, JSON.parse(lock.toString()), filling);
      else {
        for (const file of ['package.json', lockFile]) cpSync(path.join(release, file), path.join(filling, file));
        // No install script runs: the shop's production packages need none (sharp and PGlite ship builds).
        await mustRun(host, 'npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], {
          cwd: filling,
          timeoutMs: 20 * 60_000,
        });
      }
      writeFileSync(path.join(filling, COMPLETE), '{}\n');
      rmSync(shared, { recursive: true, force: true });
      renameSync(filling, shared);
    } finally {
      rmSync(filling, { recursive: true, force: true });
    }
  }
  symlinkSync(path.join(shared, 'node_modules'), releaseModules);
}

export interface LockFile {
  packages: Record<string, { dev?: boolean }>;
}

/** The packages the lock file does not mark dev-only, from a checkout's node_modules into `into`/node_modules. */
export function linkProductionPackages(modules: string, lock: LockFile, into: string) {
  for (const [key, entry] of Object.entries(lock.packages)) {
    // Top-level packages only: a package's own node_modules comes with it.
    if (!key.startsWith('node_modules/') || key.indexOf('/node_modules/') !== -1 || entry.dev) continue;
    const from = path.join(modules, key.slice('node_modules/'.length));
    if (existsSync(from)) linkTree(from, path.join(into, key));
  }
}

function linkTree(from: string, to: string) {
  const stat = lstatSync(from);
  if (stat.isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from)) linkTree(path.join(from, entry), path.join(to, entry));
  } else if (stat.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
  else {
    try {
      linkSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      cpSync(from, to);
    }
  }
}
