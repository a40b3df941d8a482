import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { OperationsContext } from './context';
import { databaseSchema } from './database-schema';
import { ensureLink, linkTarget, type Owner } from './files';
import { mustRun, OperationFailed, withSbin } from './host';
import type { ShopLayout } from './layout';
import { LOW_PEAK_NODE_FLAGS } from './node-runtime';
import { currentVersion, installRelease, openReleaseSource, releaseFolder } from './release';
import { readSettings } from './settings-file';
import { runReleaseCommand } from './release-command';
import { shopServes, waitForShop } from './shop-health';

export interface UpdateOptions {
  /** A version on the registry (coop-shop@VERSION), or a built folder or npm pack file (--from). */
  from: string;
}

/** Releases kept beside the current one: the one before it (the way back) and one more. */
const RELEASES_KEPT = 3;

/**
 * coop-shop update: a backup first, the new release installed beside the old, then the old stopped, the
 * `current` link switched, the new one started (it applies its migrations as it starts) and its health
 * awaited. On any failure the old release comes back, and if the database was changed by the new one's
 * migrations, the backup taken just before is restored. The shop is stopped from the switch until one of
 * them answers, so no order is taken by a release that is then rolled back.
 */
export async function update(context: OperationsContext, layout: ShopLayout, options: UpdateOptions): Promise<number> {
  const { out, services } = context;
  const old = currentVersion(layout);
  if (!old) throw new OperationFailed('the shop is not installed here: run coop-shop install first');
  const settings = readSettings(layout);
  const port = Number(settings.get('PORT'));
  const health = context.healthTimeoutMs ?? 180_000;
  const stat = statSync(layout.dataDir);
  const owner: Owner = { uid: stat.uid, gid: stat.gid };

  const source = await openReleaseSource(context.host, options.from, layout.codeDir);
  let version: string;
  let backup: string;
  try {
    version = source.version;
    if (version === old) {
      out(`The shop already runs release ${old}: nothing to do.`);
      return 0;
    }
    out(`Updating the shop from release ${old} to ${version}.`);
    // A shop still starting holds its database but does not yet take backup requests: wait for it.
    if ((await services.state(layout.service)).active) await waitForShop(port, health);
    backup = await takeBackup(context, layout, owner).catch((error: Error) => {
      throw new OperationFailed(
        `a backup could not be made, so the update did not start (${error.message}). The shop is unchanged and runs ${old}.`,
      );
    });
    out(`  1. Backup made: ${backup}`);
    try {
      const installed = await installRelease(context.host, layout, source);
      out(
        `  2. Release ${version} ${installed ? 'installed' : 'was already there'} beside ${old} (${releaseFolder(layout, version)}).`,
      );
    } catch (error) {
      throw new OperationFailed(
        `release ${version} could not be installed (${(error as Error).message}). The shop was not touched and runs ${old}.`,
      );
    }
  } finally {
    source.dispose();
  }

  const oldRelease = releaseFolder(layout, old);
  await services.stop(layout.service);
  const schemaBefore = await databaseSchema(context, layout, oldRelease, owner);
  ensureLink(layout.currentLink, path.join('releases', version));
  out(`  3. The shop stopped; release ${version} starting (it applies its database changes first).`);
  await services.restart(layout.service);
  const started = await waitForShop(port, health, async () => (await services.state(layout.service)).active);
  const fault = started ? await shopServes(port) : `it did not answer within ${Math.round(health / 1000)} s`;
  if (!fault) {
    ensureLink(layout.previousLink, path.join('releases', old));
    const removed = pruneReleases(layout, [version, old]);
    out(`  4. Release ${version} answers: the storefront and the catalogue.`);
    out('');
    out(
      `Updated to ${version}. The shop answers. Release ${old} stays beside it: coop-shop update ${old} goes back to it.`,
    );
    if (removed.length) out(`Older releases removed: ${removed.join(', ')}.`);
    return 0;
  }

  // Back to the old release, and to the backup if the new one changed the database.
  out(`  4. Release ${version} failed (${fault}): going back to ${old}.`);
  await services.stop(layout.service);
  ensureLink(layout.currentLink, path.join('releases', old));
  const schemaAfter = await databaseSchema(context, layout, oldRelease, owner);
  let restored = '';
  if (schemaAfter !== schemaBefore) {
    await restoreBackup(context, layout, oldRelease, owner, backup);
    out(`     Its database changes undone: the backup ${backup} restored.`);
    restored = ` The database changes ${version} made were undone: the backup taken just before the update was restored (the changed database is kept beside it, renamed).`;
  }
  await services.restart(layout.service);
  const back = await waitForShop(port, health, async () => (await services.state(layout.service)).active);
  out('');
  if (!back)
    throw new OperationFailed(
      `the update to ${version} failed, and release ${old} did not answer again either. The shop is DOWN. See why with coop-shop logs; the backup made before the update is ${backup}.`,
    );
  out(
    `The update to ${version} FAILED, so the shop went back to release ${old}, and it answers again.${restored || ' The database was not changed.'} No order was lost: the shop was stopped while ${version} tried. What ${version} said: coop-shop logs`,
  );
  return 1;
}

/** The running release's own backup command, as the service user (it asks the running shop). */
async function takeBackup(context: OperationsContext, layout: ShopLayout, owner: Owner): Promise<string> {
  const said = await runReleaseCommand(context, layout, owner, layout.currentLink, 'backup', [], 30 * 60_000);
  const file = /^Backup written: (.+)$/m.exec(said)?.[1];
  if (!file) throw new Error(`the backup command said: ${said.trim().slice(0, 300)}`);
  return file;
}

/** A release's own restore, over the database there (set aside, not deleted), as the service user. */
export async function restoreBackup(
  context: OperationsContext,
  layout: ShopLayout,
  release: string,
  owner: Owner,
  backup: string,
) {
  await runReleaseCommand(context, layout, owner, release, 'restore', [backup, '--force'], 60 * 60_000);
}

/** All but the newest few releases, never the current or the previous one. */
function pruneReleases(layout: ShopLayout, keep: string[]): string[] {
  const previous = linkTarget(layout.previousLink);
  const versions = readdirSync(layout.releasesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => ({ name: entry.name, at: statSync(path.join(layout.releasesDir, entry.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  const removed: string[] = [];
  for (const [i, release] of versions.entries()) {
    if (i < RELEASES_KEPT || keep.includes(release.name) || previous?.endsWith(release.name)) continue;
    rmSync(path.join(layout.releasesDir, release.name), { recursive: true, force: true });
    removed.push(release.name);
  }
  return removed;
}
