import path from 'node:path';

/**
 * Where an installed shop keeps each thing. Code and data live apart: releases side by side under
 * /opt/coop-shop with a `current` link (an update switches the link, going back switches it again), the
 * shop's data in /var/lib/coop-shop, its settings in one file under /etc/coop-shop. With a staging root
 * (`--root DIR`) every path is DIR plus the same path, and the files written name those paths, so a
 * staged install runs as it is (docs/decisions/058-going-live-command.md).
 */
export interface ShopLayout {
  /** `/` on a server, the staging folder in tests. */
  root: string;
  /** The service's system user and group. */
  user: string;
  /** systemd's name of the shop's service (coop-shop.service). */
  service: string;
  codeDir: string;
  /** Node.js 24, the shop's own (not the distribution's). */
  nodeDir: string;
  nodeBin: string;
  releasesDir: string;
  /** Link to the release that runs. */
  currentLink: string;
  /** Link to the release that ran before the last update (the way back). */
  previousLink: string;
  /** Production packages shared by releases with the same package-lock.json, by its hash. */
  modulesDir: string;
  /** DATA_DIR: the embedded database, images, outboxes, the signing secret. */
  dataDir: string;
  backupsDir: string;
  /** What the operations commands remember between runs (last off-site copy, last restore test). */
  opsStateDir: string;
  configDir: string;
  /** Every setting of the shop, KEY=VALUE, readable by the service user only. */
  envFile: string;
  unitFile: string;
  /** The daily off-site copy and weekly restore test (a timer and the service it starts). */
  backupCheckUnitFile: string;
  backupCheckTimerFile: string;
  caddyfile: string;
  /** The `coop-shop` command on PATH. */
  commandFile: string;
}

export const SHOP_USER = 'coop-shop';
export const SHOP_SERVICE = 'coop-shop';

export function shopLayout(root = '/'): ShopLayout {
  const at = (...parts: string[]) => path.join(path.resolve(root), ...parts);
  const codeDir = at('opt/coop-shop');
  const dataDir = at('var/lib/coop-shop');
  return {
    root: path.resolve(root),
    user: SHOP_USER,
    service: SHOP_SERVICE,
    codeDir,
    nodeDir: path.join(codeDir, 'node'),
    nodeBin: path.join(codeDir, 'node/bin/node'),
    releasesDir: path.join(codeDir, 'releases'),
    currentLink: path.join(codeDir, 'current'),
    previousLink: path.join(codeDir, 'previous'),
    modulesDir: path.join(codeDir, 'modules'),
    dataDir,
    backupsDir: path.join(dataDir, 'backups'),
    opsStateDir: path.join(dataDir, 'operations'),
    configDir: at('etc/coop-shop'),
    envFile: at('etc/coop-shop/shop.env'),
    unitFile: at(`etc/systemd/system/${SHOP_SERVICE}.service`),
    backupCheckUnitFile: at(`etc/systemd/system/${SHOP_SERVICE}-backup-check.service`),
    backupCheckTimerFile: at(`etc/systemd/system/${SHOP_SERVICE}-backup-check.timer`),
    caddyfile: at('etc/caddy/Caddyfile'),
    commandFile: at('usr/local/bin/coop-shop'),
  };
}

/** True when the layout is a staging root: files only, no packages installed and no service started. */
export const isStaged = (layout: ShopLayout) => layout.root !== '/';
