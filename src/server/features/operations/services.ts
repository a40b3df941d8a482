import { mustRun, type Host } from './host';

export interface ServiceState {
  active: boolean;
  /** How often systemd started it again after it stopped by itself, since the machine started. */
  restarts: number;
  /** Since when it has been running (or stopped). */
  since?: Date;
}

/**
 * The service manager, as the commands use it. On a server it is systemd; a staging root has none (files
 * only); tests give one that starts the shop as the unit file says (test/unit-runner.ts).
 */
export interface Services {
  /** Said once in the output when nothing is started: why. */
  readonly note?: string;
  /** Tell the manager a unit file changed. */
  reloadUnits(): Promise<void>;
  enable(unit: string): Promise<boolean>;
  /** Start it, or start it again when it runs (a new release, new settings). */
  restart(unit: string): Promise<void>;
  /** Load a new configuration without stopping (Caddy), or start it when it does not run. */
  reload(unit: string): Promise<void>;
  stop(unit: string): Promise<void>;
  state(unit: string): Promise<ServiceState>;
}

export function systemdServices(host: Host): Services {
  return {
    async reloadUnits() {
      await mustRun(host, 'systemctl', ['daemon-reload']);
    },
    async enable(unit) {
      const enabled = await host.run('systemctl', ['is-enabled', '--quiet', unit]);
      if (enabled.code === 0) return false;
      await mustRun(host, 'systemctl', ['enable', '--quiet', unit]);
      return true;
    },
    async restart(unit) {
      await mustRun(host, 'systemctl', ['restart', unit]);
    },
    async reload(unit) {
      await mustRun(host, 'systemctl', ['reload-or-restart', unit]);
    },
    async stop(unit) {
      await mustRun(host, 'systemctl', ['stop', unit]);
    },
    async state(unit) {
      const shown = await mustRun(host, 'systemctl', [
        'show',
        unit,
        '--property=ActiveState,NRestarts,StateChangeTimestamp',
        '--timestamp=unix',
      ]);
      const values = new Map(
        shown
          .trim()
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      // --timestamp=unix (systemd 248 and later): "@1796178288"; empty when it never changed.
      const since = /^@(\d+)$/.exec(values.get('StateChangeTimestamp') ?? '');
      return {
        active: values.get('ActiveState') === 'active',
        restarts: Number(values.get('NRestarts') ?? 0) || 0,
        since: since ? new Date(Number(since[1]) * 1000) : undefined,
      };
    },
  };
}

/** A staging root: files are written, nothing is started. */
export const noServices: Services = {
  note: 'staging root: files only, no service started',
  reloadUnits: async () => {},
  enable: async () => false,
  restart: async () => {},
  reload: async () => {},
  stop: async () => {},
  state: async () => ({ active: false, restarts: 0 }),
};
