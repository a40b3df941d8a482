import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { dumpMigratedPglite, migrationsFolder } from '../db/client';
import { projectRoot } from '../lib/project-root';

/**
 * A migrated, empty PGlite data folder, dumped once and kept under node_modules/.cache, from which each
 * test file's in-memory database starts. A new PGlite runs initdb, which is most of opening one: measured
 * on this machine under the helpers' load, 9-21 s for a new database against 2-3 s from the dump
 * (decision 061). The file's name carries a hash of the migrations and PGlite's version, so a new or
 * changed migration makes a new dump; parallel test workers that both make one rename theirs into place.
 */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const file = path.join(projectRoot(), 'node_modules/.cache/coop-shop', `pglite-template-${templateKey()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet by this checkout: made below.
  }
  const dump = await dumpMigratedPglite();
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

function templateKey(): string {
  const hash = createHash('sha256');
  // Its package.json is not exported: read beside the module it resolves to.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  const folder = migrationsFolder();
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!/\.(sql|json)$/.test(name)) continue;
    hash.update(name).update(readFileSync(path.join(folder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
