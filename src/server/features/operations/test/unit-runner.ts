import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stopChild } from '../../../../../scripts/local-server';
import { parseEnvFile } from '../env-file';
import { realHost } from '../host';
import type { ShopLayout } from '../layout';
import type { Services, ServiceState } from '../services';
import { findUser } from '../system-user';

/** The [Service] lines of a unit file. */
export function unitSettings(unitFile: string): Map<string, string> {
  const lines = readFileSync(unitFile, 'utf8').split('\n');
  const start = lines.indexOf('[Service]');
  const settings = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('[')) break;
    const at = line.indexOf('=');
    if (at > 0 && !line.startsWith('#')) settings.set(line.slice(0, at), line.slice(at + 1));
  }
  return settings;
}

export interface RunningUnit {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * The shop started as systemd would start it from the unit file: its ExecStart, as its User and Group,
 * with the environment of its EnvironmentFile and nothing of the test's, in its WorkingDirectory. (The
 * shutting in, ProtectSystem and the rest, is systemd's own and is not repeated here.)
 */
export async function startAsUnit(unitFile: string): Promise<RunningUnit> {
  const unit = unitSettings(unitFile);
  const fileEnv = Object.fromEntries(parseEnvFile(readFileSync(unit.get('EnvironmentFile')!, 'utf8')));
  // systemd's $NAME in ExecStart: the variable's value split at blanks, nothing when unset.
  const [command, ...args] = unit
    .get('ExecStart')!
    .split(' ')
    .flatMap((word) => (word.startsWith('$') ? (fileEnv[word.slice(1)] ?? '').split(/\s+/).filter(Boolean) : [word]));
  const user = await findUser(realHost, unit.get('User')!);
  if (!user) throw new Error(`no user ${unit.get('User')}`);
  const passwd = (await realHost.run('getent', ['passwd', unit.get('User')!])).stdout.trim().split(':');
  const env = {
    // What systemd gives every service, then the user's, then the file's.
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin',
    HOME: passwd[5],
    USER: passwd[0],
    LOGNAME: passwd[0],
    ...fileEnv,
  };
  const child = spawn(command, args, { uid: user.uid, gid: user.gid, env, cwd: unit.get('WorkingDirectory') });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const alive = () => child.exitCode === null && child.signalCode === null;
  return { child, output: () => output, alive, stop: () => stopChild(child, 'SIGTERM') };
}

/**
 * A service manager for tests: the shop's unit is started by startAsUnit, every other unit (Caddy,
 * PostgreSQL) is left to the test. What each shop run printed is kept.
 */
export function unitServices(layout: ShopLayout): Services & { running?: RunningUnit; outputs: string[] } {
  const services = {
    running: undefined as RunningUnit | undefined,
    outputs: [] as string[],
    reloadUnits: async () => {},
    enable: async () => false,
    reload: async () => {},
    async restart(unit: string) {
      if (unit !== layout.service) return;
      await services.stop(unit);
      services.running = await startAsUnit(layout.unitFile);
    },
    async stop(unit: string) {
      if (unit !== layout.service || !services.running) return;
      await services.running.stop();
      services.outputs.push(services.running.output());
      services.running = undefined;
    },
    async state(unit: string): Promise<ServiceState> {
      return { active: unit === layout.service && Boolean(services.running?.alive()), restarts: 0 };
    },
  };
  return services;
}
