import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { OperationsContext } from './context';
import { OperationFailed } from './host';
import type { ShopLayout } from './layout';
import { readSettings } from './settings-file';
import { waitForShop } from './shop-health';
import { restoreBackup } from './update';

/**
 * coop-shop restore FILE: the shop stopped, the backup restored by the running release's own restore
 * (what was there is set aside under a dated name, not deleted), the shop started again. How a shop moves
 * to a bigger server (docs/operations/going-live.md).
 */
export async function restoreShop(context: OperationsContext, layout: ShopLayout, file: string | undefined) {
  if (!file) throw new OperationFailed('say which backup: coop-shop restore /path/to/shop-....tar.gz');
  const backup = path.resolve(file);
  if (!existsSync(backup)) throw new OperationFailed(`${backup} does not exist`);
  const stat = statSync(layout.dataDir);
  context.out(`Restoring ${backup}: the shop stops meanwhile.`);
  await context.services.stop(layout.service);
  try {
    await restoreBackup(context, layout, layout.currentLink, { uid: stat.uid, gid: stat.gid }, backup);
    context.out('Restored. What was there before is kept beside it in the data folder, renamed.');
  } finally {
    await context.services.restart(layout.service);
  }
  const port = Number(readSettings(layout).get('PORT'));
  if (!(await waitForShop(port, context.healthTimeoutMs ?? 180_000)))
    throw new OperationFailed('the shop did not start again after the restore. See why with: coop-shop logs');
  context.out('The shop answers again.');
}
