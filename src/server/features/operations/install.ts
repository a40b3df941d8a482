import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CaddySite } from './caddyfile';
import { caddyStep } from './caddy';
import type { OperationsContext } from './context';
import { renderEnvFile, type Settings } from './env-file';
import { ensureFile, ensureFolder, ensureLink, type Owner } from './files';
import { firstAdminStep, generatePassword, type FirstAdmin } from './first-admin';
import { OperationFailed } from './host';
import { isStaged, type ShopLayout } from './layout';
import { LOW_PEAK_NODE_FLAGS, nodeRuntimeStep } from './node-runtime';
import { packagesStep } from './packages';
import { postgresStep, postgresUrl } from './postgres';
import { currentVersion, installRelease, openReleaseSource } from './release';
import { checkSettings } from './settings-check';
import { readSettings } from './settings-file';
import { waitForShop } from './shop-health';
import { alreadyRight, changed, runSteps, skipped, type Step } from './steps';
import { systemUserStep } from './system-user';
import { backupCheckTimer, writeUnits } from './units';

export interface InstallOptions {
  domain: string;
  /** The owner's address: the first admin's, and the one the certificate authority writes to. */
  email: string;
  postgres?: boolean;
  /** The shop's port on 127.0.0.1, behind Caddy (default 3000). */
  port?: number;
  /** The release to install: a built folder, an npm pack file or a registry spec (default: this command's own). */
  from: string;
  /** A node binary to copy instead of fetching Node.js 24 from the registry. */
  nodeBinary?: string;
  /** Read the first admin's password from standard input; else one is generated and printed once. */
  adminPasswordFromInput?: boolean;
  caddy?: Pick<CaddySite, 'acmeCa' | 'acmeCaRoot' | 'httpPort' | 'httpsPort'>;
}

/** How the service runs Node: the starting values of these settings (decisions 058 and 075); the bench's --service true. */
export const SERVICE_RUNTIME = {
  // 256 MB of old generation and 8 MB semi-spaces. Node 24 gives three 64 MB semi-spaces on a machine with
  // memory to spare; beside a 256 MB old generation that left the shop collecting every 100 ms at 10,000
  // products and answering a fifth as many requests.
  NODE_OPTIONS: '--max-old-space-size=256 --max-semi-space-size=8',
  // The embedded database compiled without V8's optimising compiler: the start's peak fits a 1 GB server.
  NODE_FLAGS: LOW_PEAK_NODE_FLAGS,
  // Two malloc arenas, not eight for each core: 30-60 MB less at peak.
  MALLOC_ARENA_MAX: '2',
} as const;
/** Starting values an earlier install wrote: a setting still holding one is brought to today's. */
const EARLIER_STARTING_VALUES: Record<string, string> = { NODE_OPTIONS: '--max-old-space-size=256' };

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The settings install owns, the ones it only starts with, and every other setting kept as it was. */
export function installSettings(existing: Settings, layout: ShopLayout, options: InstallOptions): Settings {
  const httpsPort = options.caddy?.httpsPort;
  const port = options.port ?? Number(existing.get('PORT') ?? 3000);
  const owned: [string, string][] = [
    ['NODE_ENV', 'production'],
    ['PUBLIC_URL', `https://${options.domain}${httpsPort && httpsPort !== 443 ? `:${httpsPort}` : ''}`],
    // Only Caddy reaches the shop, and the shop believes X-Forwarded-For from Caddy alone.
    ['HOST', '127.0.0.1'],
    ['PORT', String(port)],
    ['TRUST_PROXY', '127.0.0.1'],
    ['DATA_DIR', layout.dataDir],
  ];
  const startingValues: [string, string][] = [
    ['SEED_DEMO', 'false'],
    ...Object.entries(SERVICE_RUNTIME),
    ...(options.postgres ? ([['DATABASE_URL', postgresUrl(layout)]] as [string, string][]) : []),
  ];
  const settings: Settings = new Map(owned);
  for (const [key, value] of startingValues) {
    const kept = existing.get(key);
    settings.set(key, kept === undefined || kept === EARLIER_STARTING_VALUES[key] ? value : kept);
  }
  for (const [key, value] of existing) if (!settings.has(key)) settings.set(key, value);
  return settings;
}

/**
 * coop-shop install: everything a fresh Debian 12 or Ubuntu 24.04 server needs for the shop to be on the
 * internet over HTTPS, started at boot and after a crash. Each step first looks whether it is already
 * right and then changes nothing, so running it again is safe and says so.
 */
export async function install(context: OperationsContext, layout: ShopLayout, options: InstallOptions) {
  const { host, services, out } = context;
  if (!host.isRoot()) throw new OperationFailed('install changes the whole machine: run it as root (sudo).');
  const domain = options.domain.trim().toLowerCase();
  if (!DOMAIN.test(domain))
    throw new OperationFailed(`--domain ${options.domain} is not a domain name like shop.example.zm`);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(options.email))
    throw new OperationFailed(`--email ${options.email} is not an e-mail address`);
  options = { ...options, domain };
  const staged = isStaged(layout);

  out(`Installing the shop for https://${domain}${staged ? ` into the staging root ${layout.root}` : ''}`);
  out('');
  let owner: Owner | undefined;
  const ownerOf = () => owner!;
  let settings: Settings = new Map();
  let shopChanged = false;
  const admin: FirstAdmin = { email: options.email.toLowerCase(), password: generatePassword(), generated: true };
  if (options.adminPasswordFromInput) {
    const given = await context.readLine(`Password for the first admin, ${admin.email} (not shown as you type): `);
    if (!given || given.length < 8)
      throw new OperationFailed('the admin password must be at least 8 characters; nothing was changed');
    Object.assign(admin, { password: given, generated: false });
  }
  const marked = (step: Step): Step => ({
    what: step.what,
    async run() {
      const result = await step.run();
      if (result.changed) shopChanged = true;
      return result;
    },
  });

  const steps: Step[] = [
    packagesStep(host, options.postgres ? ['caddy', 'postgresql'] : ['caddy'], staged),
    {
      what: `the folders under ${layout.codeDir}`,
      async run() {
        const made = [layout.codeDir, layout.releasesDir, layout.configDir].filter((folder) => !existsSync(folder));
        for (const folder of [layout.codeDir, layout.releasesDir, layout.configDir]) ensureFolder(folder, 0o755);
        return made.length
          ? changed(`folders for the code: ${made.join(', ')}`)
          : alreadyRight(`code in ${layout.codeDir}`);
      },
    },
    marked(nodeRuntimeStep(host, layout, { nodeBinary: options.nodeBinary })),
    systemUserStep(host, layout, (found) => (owner = found)),
    {
      what: `the data folder ${layout.dataDir}`,
      async run() {
        const made = ensureFolder(layout.dataDir, 0o750, ownerOf());
        ensureFolder(layout.opsStateDir, 0o750, ownerOf());
        return made
          ? changed(`data folder ${layout.dataDir}, apart from the code, only ${layout.user} can read it`)
          : alreadyRight(`data folder ${layout.dataDir}`);
      },
    },
    marked({
      what: 'the shop release',
      async run() {
        const source = await openReleaseSource(host, options.from, layout.codeDir);
        try {
          const installed = await installRelease(host, layout, source);
          const running = currentVersion(layout);
          if (!running) ensureLink(layout.currentLink, path.join('releases', source.version));
          if (running && running !== source.version)
            return alreadyRight(
              `release ${running} runs (${source.version} is there too: coop-shop update ${source.version} moves to it)`,
            );
          return installed || !running
            ? changed(`release ${source.version} in ${path.join(layout.releasesDir, source.version)}, the current one`)
            : alreadyRight(`release ${source.version} is the current one`);
        } finally {
          source.dispose();
        }
      },
    }),
    {
      what: `the command ${layout.commandFile}`,
      async run() {
        const script = `#!/bin/sh
# Written by coop-shop install: the installed shop's own command, on the shop's own Node.js.
exec ${layout.nodeBin} ${LOW_PEAK_NODE_FLAGS} ${path.join(layout.currentLink, 'dist/server/cli/coop-shop.js')} "$@"
`;
        return ensureFile(layout.commandFile, { content: script, mode: 0o755 })
          ? changed(`command coop-shop (${layout.commandFile})`)
          : alreadyRight(`command coop-shop`);
      },
    },
    ...(options.postgres ? [postgresStep(host, layout, services)] : []),
    marked({
      what: `the settings file ${layout.envFile}`,
      async run() {
        const existing = readSettings(layout);
        settings = installSettings(existing, layout, options);
        const check = checkSettings(settings);
        if (!check.ok) throw new OperationFailed(`the shop would refuse these settings.\n${check.message}`);
        const written = ensureFile(layout.envFile, { content: renderEnvFile(settings), mode: 0o600, owner: ownerOf() });
        return written
          ? changed(`settings in ${layout.envFile} (only ${layout.user} can read it)`)
          : alreadyRight(`settings in ${layout.envFile}`);
      },
    }),
    firstAdminStep(host, layout, admin, { settings: () => settings, owner: ownerOf }),
    marked({
      what: `the service ${layout.service}`,
      async run() {
        const written = writeUnits(layout, settings, { postgres: Boolean(options.postgres) });
        if (written) await services.reloadUnits();
        const enabled = await services.enable(layout.service);
        return written || enabled
          ? changed(`service ${layout.service}: starts at boot, again after a crash, shut in (${layout.unitFile})`)
          : alreadyRight(`service ${layout.service} starts at boot`);
      },
    }),
    {
      what: 'the hourly backup check',
      async run() {
        const timer = backupCheckTimer(layout);
        if (services.note) return skipped(`the hourly backup check is not started (${services.note})`);
        if (!(await services.enable(timer))) return alreadyRight(`backups checked hourly (${timer})`);
        await services.restart(timer);
        return changed(
          `backups copied off the machine hourly once BACKUP_COPY_URL is set, a restore tested weekly (${timer})`,
        );
      },
    },
    caddyStep(host, layout, services, () => ({
      domain,
      email: options.email,
      shopPort: Number(settings.get('PORT')),
      ...options.caddy,
    })),
    {
      what: 'starting the shop',
      async run() {
        if (services.note) return skipped(`the shop is not started (${services.note})`);
        const port = Number(settings.get('PORT'));
        const state = await services.state(layout.service);
        if (state.active && !shopChanged) return alreadyRight(`the shop runs and answers on 127.0.0.1:${port}`);
        await services.restart(layout.service);
        if (!(await waitForShop(port, 120_000, async () => (await services.state(layout.service)).active)))
          throw new OperationFailed('the shop did not start. See why with: coop-shop logs');
        return changed(`the shop ${state.active ? 'restarted' : 'started'} and answers`);
      },
    },
  ];

  const outcome = await runSteps(steps, out);
  out('');
  if (outcome.changed === 0) {
    out('Nothing needed changing: the shop was already installed as asked.');
    return;
  }
  out(`Done: ${outcome.changed} changed, ${outcome.right} already right.`);
  out('');
  out(
    `  The shop:     https://${domain}${portSuffix(options)}  (its certificate comes within a minute once the domain points at this server)`,
  );
  if (outcome.results.some((r) => r.changed && r.said.startsWith('first admin'))) {
    out(`  Back office:  https://${domain}${portSuffix(options)}/login  as ${admin.email}`);
    if (admin.generated) {
      out(`  Password:     ${admin.password}`);
      out('                (shown this once: write it down now, and change it after signing in)');
    } else out('                with the password you gave');
  }
  out('  Settings:     coop-shop config set KEY=VALUE   (every setting: docs/settings.md)');
  out('  Check it all: coop-shop doctor');
}

const portSuffix = (options: InstallOptions) =>
  options.caddy?.httpsPort && options.caddy.httpsPort !== 443 ? `:${options.caddy.httpsPort}` : '';
