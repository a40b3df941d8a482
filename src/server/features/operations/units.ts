import type { Settings } from './env-file';
import { ensureFile } from './files';
import type { ShopLayout } from './layout';
import { extraWritable } from './settings-file';
import { renderBackupCheckTimer, renderBackupCheckUnit, renderShopUnit } from './systemd-unit';

/** The timer of the hourly backup check, as systemd names it. */
export const backupCheckTimer = (layout: ShopLayout) => `${layout.service}-backup-check.timer`;

/**
 * The shop's service, the backup check's service and its timer, as the settings want them (a BACKUP_DIR
 * outside the data folder is writable for both). Answers whether any file changed (then systemd must be
 * told: daemon-reload).
 */
export function writeUnits(layout: ShopLayout, settings: Settings, options: { postgres: boolean }): boolean {
  const moreWritable = extraWritable(settings, layout);
  const files: [string, string][] = [
    [layout.unitFile, renderShopUnit(layout, { postgres: options.postgres, moreWritable })],
    [layout.backupCheckUnitFile, renderBackupCheckUnit(layout, { moreWritable })],
    [layout.backupCheckTimerFile, renderBackupCheckTimer(layout)],
  ];
  let changed = false;
  for (const [file, content] of files) if (ensureFile(file, { content, mode: 0o644 })) changed = true;
  return changed;
}
