import path from 'node:path';
import { openDatabase } from '../../db/client';
import { appliedSchema } from '../backups';
import type { OperationsContext } from './context';
import { mustRun, OperationFailed, withSbin } from './host';
import type { ShopLayout } from './layout';
import { LOW_PEAK_NODE_FLAGS } from './node-runtime';
import { checkSettings } from './settings-check';
import { readSettings } from './settings-file';
import type { Owner } from './files';

/**
 * coop-shop database-schema (for update, not for people): the last migration applied to the shop's
 * database, as the time stamp drizzle records, or "none". The shop must be stopped on the embedded database.
 */
export async function printDatabaseSchema(context: OperationsContext, layout: ShopLayout) {
  const check = checkSettings(readSettings(layout));
  if (!check.ok) throw new OperationFailed(check.message);
  const database = await openDatabase({
    databaseUrl: check.config.databaseUrl,
    pgliteDir: path.join(check.config.dataDir, 'pgdata'),
    migrate: false,
    poolSize: 1,
  });
  try {
    context.out(String((await appliedSchema(database.db))?.when ?? 'none'));
  } finally {
    await database.close();
  }
}

/**
 * The same, asked of a release's own command run as the service user: the embedded database's files stay
 * the service's (opened as root, PGlite would leave files the shop could not write).
 */
export async function databaseSchema(context: OperationsContext, layout: ShopLayout, release: string, owner: Owner) {
  const said = await mustRun(
    context.host,
    layout.nodeBin,
    [LOW_PEAK_NODE_FLAGS, path.join(release, 'dist/server/cli/coop-shop.js'), 'database-schema', '--root', layout.root],
    {
      as: context.host.isRoot() ? owner : undefined,
      cwd: layout.dataDir,
      env: withSbin({ PATH: process.env.PATH }),
      timeoutMs: 5 * 60_000,
    },
  );
  return said.trim().split('\n').at(-1)!;
}
