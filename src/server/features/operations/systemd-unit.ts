import path from 'node:path';
import type { ShopLayout } from './layout';

/**
 * The memory the shop may use, for a server of 1 GB: the system, Caddy and (with --postgres) PostgreSQL
 * keep about 300 MB. Above MemoryHigh the kernel reclaims the shop's memory first; at MemoryMax the
 * shop is stopped and systemd starts it again (Restart=on-failure). Measured in decision 058.
 */
export const MEMORY_HIGH = '600M';
export const MEMORY_MAX = '700M';

export interface UnitOptions {
  /** Folders the shop may write besides the data folder (a BACKUP_DIR elsewhere). */
  moreWritable?: string[];
  /** The shop's database is the machine's PostgreSQL: start after it. */
  postgres?: boolean;
}

/** Only the data folder (and a BACKUP_DIR elsewhere) writable, no privileges to gain, no devices, no kernel. */
function shutIn(writable: string[]): string {
  return `# Shut in: only the data folder is writable, nothing can gain privileges.
NoNewPrivileges=yes
ProtectSystem=strict
ReadWritePaths=${writable.join(' ')}
PrivateTmp=yes
ProtectHome=yes
PrivateDevices=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
RestrictSUIDSGID=yes
RestrictRealtime=yes
RestrictNamespaces=yes
LockPersonality=yes
RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6
CapabilityBoundingSet=
`;
}

/** The shop's systemd service: started at boot, started again after a crash, shut in. */
export function renderShopUnit(layout: ShopLayout, options: UnitOptions = {}): string {
  const writable = [layout.dataDir, ...(options.moreWritable ?? [])];
  const after = ['network-online.target', ...(options.postgres ? ['postgresql.service'] : [])];
  return `# Written by coop-shop install (docs/operations/going-live.md); install and update write it again.
[Unit]
Description=Forest co-op shop
After=${after.join(' ')}
Wants=network-online.target
# Never give up starting it again: a shop that cannot start is retried every 5 s (doctor counts restarts).
StartLimitIntervalSec=0

[Service]
Type=simple
User=${layout.user}
Group=${layout.user}
EnvironmentFile=${layout.envFile}
WorkingDirectory=${layout.dataDir}
# $NODE_FLAGS: Node's own flags from the settings file (decision 058), none when unset.
ExecStart=${layout.nodeBin} $NODE_FLAGS ${path.join(layout.currentLink, 'dist/server/main.js')}
Restart=on-failure
RestartSec=5s
# The shop finishes the requests in flight and stops within 10 s of SIGTERM (src/server/main.ts).
TimeoutStopSec=20s
MemoryHigh=${MEMORY_HIGH}
MemoryMax=${MEMORY_MAX}
UMask=0027
SyslogIdentifier=${layout.service}

${shutIn(writable)}
[Install]
WantedBy=multi-user.target
`;
}

/** The command as a unit runs it: the installed release's own, on the shop's Node.js, for this layout. */
const commandLine = (layout: ShopLayout, args: string) =>
  `${layout.nodeBin} $NODE_FLAGS ${path.join(layout.currentLink, 'dist/server/cli/coop-shop.js')} ${args}${layout.root === '/' ? '' : ` --root ${layout.root}`}`;

/**
 * The hourly backup check (features/operations/backup-check.ts) as the service user: new backups copied
 * off the machine, old copies deleted, a restore test once a week. Its own memory bound (a restore test
 * opens a second embedded database beside the shop's) and low priority, so shoppers do not feel it.
 */
export function renderBackupCheckUnit(layout: ShopLayout, options: UnitOptions = {}): string {
  return `# Written by coop-shop install (docs/operations/going-live.md); started by ${layout.service}-backup-check.timer.
[Unit]
Description=Forest co-op shop: backups copied off the machine, a restore tested weekly
After=network-online.target ${layout.service}.service
Wants=network-online.target

[Service]
Type=oneshot
User=${layout.user}
Group=${layout.user}
EnvironmentFile=${layout.envFile}
WorkingDirectory=${layout.dataDir}
ExecStart=${commandLine(layout, 'backups check')}
MemoryMax=450M
Nice=10
IOSchedulingClass=idle
UMask=0027
SyslogIdentifier=${layout.service}-backup-check

${shutIn([layout.dataDir, ...(options.moreWritable ?? [])])}`;
}

export function renderBackupCheckTimer(layout: ShopLayout): string {
  return `# Written by coop-shop install (docs/operations/going-live.md).
[Unit]
Description=Copy the shop's backups off the machine every hour; test a restore once a week

[Timer]
OnCalendar=hourly
RandomizedDelaySec=10min
# A run missed while the server was off is made up at start.
Persistent=true
Unit=${layout.service}-backup-check.service

[Install]
WantedBy=timers.target
`;
}
