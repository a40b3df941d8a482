import { parseArgs } from 'node:util';
import { projectRoot } from '../../lib/project-root';
import { OperationFailed, realHost, type Host } from './host';
import { backupCheck } from './backup-check';
import { config } from './config';
import type { OperationsContext } from './context';
import { doctor } from './doctor/doctor';
import { machineProbes, type MachineProbes } from './doctor/probes';
import { install } from './install';
import { logs } from './logs';
import { readSettings } from './settings-file';
import { waitForShop } from './shop-health';
import { status } from './status';
import { update } from './update';
import { printDatabaseSchema } from './database-schema';
import { restoreShop } from './restore-shop';
import { isStaged, shopLayout } from './layout';
import { stdinLines, type LineReader } from './secret-input';
import { noServices, systemdServices, type Services } from './services';

export const USAGE = `coop-shop: put the shop on the internet and keep it there (docs/operations/going-live.md)

  coop-shop install --domain shop.example.zm --email owner@example.zm [--postgres]
        everything the server needs: HTTPS, the service, the first admin. Safe to run again.
  coop-shop config set KEY=VALUE ...   change settings (checked first, then the shop restarts)
  coop-shop config set KEY             a password or key: asked for, not shown, never on the command line
  coop-shop config unset KEY | config get KEY | config list
  coop-shop update [VERSION] [--from PATH]
        a backup, the new release beside the old, started and checked; back to the old one if anything fails
  coop-shop doctor                     checks, one line each, with what to do
  coop-shop status                     is the shop up, since when, its last backup
  coop-shop logs [caddy|backup-check] [--lines N] [--follow]   what the shop (or Caddy) said lately
  coop-shop restart                    stop the shop and start it again
  coop-shop restore FILE               put a backup back (what was there is kept aside), the shop restarted
  coop-shop backups check [--now] [--restore-test]
        copy backups off the machine, delete old copies, test a restore (hourly by itself; --now backs up first)

Options of install:
  --postgres               the distribution's PostgreSQL instead of the embedded database
  --port N                 the shop's own port behind Caddy (3000)
  --admin-password-stdin   read the first admin's password from standard input (else one is made and shown once)
  --from PATH|SPEC         the release to install (a built folder, an npm pack file, coop-shop@VERSION)
  --node-binary FILE       use this Node.js 24 instead of fetching it from the registry
  --acme-ca URL            another certificate authority (Let's Encrypt's staging one for a trial)
  --acme-ca-root FILE      the certificate of that authority's own HTTPS
  --root DIR               write everything under DIR (a staging root) and start nothing`;

export interface CommandIo {
  host?: Host;
  /** The service manager; default systemd, or none under a staging root. */
  services?: Services;
  out?: (line: string) => void;
  /** Where secrets are read (standard input by default). */
  readLine?: LineReader;
  healthTimeoutMs?: number;
  /** What doctor and status read of the machine, where a test gives its own. */
  probes?: Partial<MachineProbes>;
}

/** The whole command: its verbs, as a person types them. Answers the exit code. */
export async function runCommand(argv: string[], io: CommandIo = {}): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const [verb, ...rest] = argv;
  if (!verb || verb === 'help' || verb === '--help' || verb === '-h') {
    out(USAGE);
    return verb ? 0 : 1;
  }
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        root: { type: 'string', default: '/' },
        domain: { type: 'string' },
        email: { type: 'string' },
        postgres: { type: 'boolean', default: false },
        port: { type: 'string' },
        from: { type: 'string' },
        'node-binary': { type: 'string' },
        'admin-password-stdin': { type: 'boolean', default: false },
        'acme-ca': { type: 'string' },
        'acme-ca-root': { type: 'string' },
        'http-port': { type: 'string' },
        'https-port': { type: 'string' },
        lines: { type: 'string' },
        follow: { type: 'boolean', short: 'f', default: false },
        now: { type: 'boolean', default: false },
        'restore-test': { type: 'boolean', default: false },
      },
    });
    const layout = shopLayout(values.root);
    const host = io.host ?? realHost;
    const services = io.services ?? (isStaged(layout) ? noServices : systemdServices(host));
    const context: OperationsContext = {
      host,
      services,
      out,
      readLine: io.readLine ?? stdinLines(),
      healthTimeoutMs: io.healthTimeoutMs,
    };
    switch (verb) {
      case 'install': {
        if (!values.domain || !values.email)
          throw new OperationFailed("install needs --domain (the shop's address) and --email (the owner's)");
        await install(context, layout, {
          domain: values.domain,
          email: values.email,
          postgres: values.postgres,
          port: optionalNumber(values.port, '--port'),
          from: values.from ?? projectRoot(),
          nodeBinary: values['node-binary'],
          adminPasswordFromInput: values['admin-password-stdin'],
          caddy: {
            acmeCa: values['acme-ca'],
            acmeCaRoot: values['acme-ca-root'],
            httpPort: optionalNumber(values['http-port'], '--http-port'),
            httpsPort: optionalNumber(values['https-port'], '--https-port'),
          },
        });
        return 0;
      }
      case 'config':
        requireRoot(host, verb);
        await config(context, layout, positionals);
        return 0;
      case 'update':
        requireRoot(host, verb);
        return await update(context, layout, {
          from: values.from ?? (positionals[0] ? `coop-shop@${positionals[0]}` : 'coop-shop@latest'),
        });
      case 'restore':
        requireRoot(host, verb);
        await restoreShop(context, layout, positionals[0]);
        return 0;
      case 'database-schema':
        await printDatabaseSchema(context, layout);
        return 0;
      case 'backups':
        if (positionals[0] !== 'check')
          throw new OperationFailed('say: coop-shop backups check [--now] [--restore-test]');
        return await backupCheck(context, layout, { now: values.now, restoreTest: values['restore-test'] });
      case 'doctor':
        return await doctor(context, layout, { ...machineProbes(host), ...io.probes });
      case 'status':
        await status(context, layout, { ...machineProbes(host), ...io.probes });
        return 0;
      case 'logs':
        await logs(context, layout, {
          source: positionals[0],
          lines: optionalNumber(values.lines, '--lines'),
          follow: values.follow,
        });
        return 0;
      case 'restart': {
        requireRoot(host, verb);
        await services.restart(layout.service);
        const port = Number(readSettings(layout).get('PORT'));
        if (
          !(await waitForShop(
            port,
            context.healthTimeoutMs ?? 120_000,
            async () => (await services.state(layout.service)).active,
          ))
        )
          throw new OperationFailed('the shop did not start again. See why with: coop-shop logs');
        out('The shop started again and answers.');
        return 0;
      }
      default:
        out(`coop-shop: no verb "${verb}".\n\n${USAGE}`);
        return 1;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EACCES') {
      out(
        `coop-shop ${verb}: the shop's settings and data are readable only by root and the shop's own user. Run it as root: sudo coop-shop ${verb}`,
      );
      return 1;
    }
    if (error instanceof OperationFailed) {
      out('');
      out(`Stopped: ${error.message}`);
      return 1;
    }
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      out(`${(error as Error).message}\n\n${USAGE}`);
      return 1;
    }
    throw error;
  }
}

/** Verbs that change the machine or the shop: root only (the settings file and services are root's to change). */
function requireRoot(host: Host, verb: string) {
  if (!host.isRoot())
    throw new OperationFailed(`${verb} changes the shop on this server: run it as root (sudo coop-shop ${verb} ...).`);
}

function optionalNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535)
    throw new OperationFailed(`${flag} must be a port number`);
  return number;
}
