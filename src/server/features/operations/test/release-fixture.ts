import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../../../../../scripts/build/server';
import { writeFakeBuild } from '../../ssr/test/web-app';
import { linkProductionPackages, type LockFile } from '../release';

const root = path.resolve(import.meta.dirname, '../../../../..');

const opened: string[] = [];

/** A folder any user may enter (the service user must read the release and its packages); removed by removeOpenFolders. */
export function openFolder(prefix: string) {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(folder, 0o755);
  opened.push(folder);
  return folder;
}

/** Removes every folder this test file opened (its afterAll). */
export function removeOpenFolders() {
  for (const folder of opened.splice(0)) rmSync(folder, { recursive: true, force: true });
}

function readableByAll(file: string) {
  for (let at = file; at !== path.dirname(at); at = path.dirname(at))
    if ((statSync(at).mode & 0o005) !== 0o005) return false;
  return true;
}

/**
 * The production packages where the service user can read them: the checkout's own node_modules when
 * every folder above it is open, else (a checkout under /root) hard links of them in the temp folder,
 * made once per package-lock.json.
 */
function readableModules(): string {
  const modules = realpathSync(path.join(root, 'node_modules'));
  if (readableByAll(modules)) return modules;
  const lock = readFileSync(path.join(root, 'package-lock.json'));
  const shared = path.join(
    tmpdir(),
    `coop-shop-test-modules-${createHash('sha256').update(lock).digest('hex').slice(0, 12)}`,
  );
  if (!existsSync(path.join(shared, 'node_modules'))) {
    const filling = `${shared}.${process.pid}`;
    mkdirSync(filling, { recursive: true, mode: 0o755 });
    linkProductionPackages(modules, JSON.parse(lock.toString()) as LockFile, filling);
    try {
      renameSync(filling, shared);
    } catch {
      rmSync(filling, { recursive: true, force: true }); // another test file made it meanwhile
    }
  }
  return path.join(shared, 'node_modules');
}

export interface TestRelease {
  folder: string;
  version: string;
}

/**
 * A built release of this checkout as `npm run build` would leave it, made in seconds: the server bundled
 * by the build's own esbuild step, a small stand-in for the web app (the Vite build takes minutes), the
 * committed migrations (plus `extraMigration`, appended, for an update that fails), and the production
 * packages linked in.
 */
export async function buildTestRelease(
  version: string,
  extraMigration?: { tag: string; sql: string },
): Promise<TestRelease> {
  const folder = openFolder('coop-release-');
  await buildServer(root, path.join(folder, 'dist'));
  writeFakeBuild(path.join(folder, 'dist/web'));
  const migrations = path.join(folder, 'src/server/db/migrations');
  cpSync(path.join(root, 'src/server/db/migrations'), migrations, { recursive: true });
  if (extraMigration) {
    const journalFile = path.join(migrations, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: extraMigration.tag });
    writeFileSync(journalFile, JSON.stringify(journal, null, 2));
    writeFileSync(path.join(migrations, `${extraMigration.tag}.sql`), extraMigration.sql);
  }
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ ...pkg, version }, null, 2));
  cpSync(path.join(root, 'package-lock.json'), path.join(folder, 'package-lock.json'));
  symlinkSync(readableModules(), path.join(folder, 'node_modules'));
  return { folder, version };
}
