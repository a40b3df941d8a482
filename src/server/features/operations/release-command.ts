import path from 'node:path';
import type { OperationsContext } from './context';
import type { Owner } from './files';
import { mustRun, withSbin } from './host';
import type { ShopLayout } from './layout';
import { LOW_PEAK_NODE_FLAGS } from './node-runtime';
import { readSettings } from './settings-file';

/**
 * One of a release's own commands (`backup`, `restore`) as the service user, with the shop's settings and
 * Node at its low start peak, from the data folder; answers what it printed.
 */
export function runReleaseCommand(
  context: OperationsContext,
  layout: ShopLayout,
  owner: Owner,
  release: string,
  command: 'backup' | 'restore',
  args: string[],
  timeoutMs: number,
): Promise<string> {
  return mustRun(
    context.host,
    layout.nodeBin,
    [LOW_PEAK_NODE_FLAGS, path.join(release, `dist/server/cli/${command}.js`), ...args],
    {
      as: context.host.isRoot() ? owner : undefined,
      cwd: layout.dataDir,
      env: withSbin({ ...Object.fromEntries(readSettings(layout)), PATH: process.env.PATH }),
      timeoutMs,
    },
  );
}
