import { lookup } from 'node:dns/promises';
import { readFileSync, statfsSync } from 'node:fs';
import { networkInterfaces, totalmem } from 'node:os';
import type { Host } from '../host';

export interface ClockReading {
  /** systemd-timesyncd (or chrony) says the clock is synchronised; undefined when nothing says. */
  synchronised?: boolean;
  /** This clock minus a time server's, in seconds, when one was asked. */
  offsetSeconds?: number;
}

/**
 * What the doctor reads of the machine and the world. Each can be given by a test: the domain's answer
 * from the DNS, this server's addresses, where Caddy answers HTTPS and the authority it trusts.
 */
export interface MachineProbes {
  resolve(domain: string): Promise<string[]>;
  localAddresses(): string[];
  https: { host: string; port: number; ca?: string };
  disk(folder: string): { freeBytes: number; totalBytes: number };
  memory(): { availableBytes: number; totalBytes: number };
  clock(): Promise<ClockReading>;
  now(): Date;
}

const TIME_SOURCE = 'https://acme-v02.api.letsencrypt.org/directory';

export function machineProbes(host: Host): MachineProbes {
  return {
    resolve: async (domain) => (await lookup(domain, { all: true })).map((answer) => answer.address),
    localAddresses: () =>
      Object.values(networkInterfaces())
        .flat()
        .filter((nic) => nic && !nic.internal)
        .map((nic) => nic!.address),
    https: { host: '127.0.0.1', port: 443 },
    disk(folder) {
      const stat = statfsSync(folder);
      return { freeBytes: stat.bavail * stat.bsize, totalBytes: stat.blocks * stat.bsize };
    },
    memory() {
      const available = /MemAvailable:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'));
      return { availableBytes: available ? Number(available[1]) * 1024 : 0, totalBytes: totalmem() };
    },
    async clock() {
      const shown = await host.run('timedatectl', ['show', '--property=NTPSynchronized', '--value']);
      if (shown.code === 0) return { synchronised: shown.stdout.trim() === 'yes' };
      // No systemd to ask: compare with the time Let's Encrypt's server gives (to the second).
      try {
        const asked = Date.now();
        const answer = await fetch(TIME_SOURCE, { method: 'HEAD', signal: AbortSignal.timeout(10_000) });
        const theirs = Date.parse(answer.headers.get('date') ?? '');
        const ours = (asked + Date.now()) / 2;
        return Number.isNaN(theirs) ? {} : { offsetSeconds: Math.round((ours - theirs) / 1000) };
      } catch {
        return {};
      }
    },
    now: () => new Date(),
  };
}
