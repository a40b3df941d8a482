import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { parseEnvFile, type Settings } from '../env-file';
import type { ShopLayout } from '../layout';
import type { Services, ServiceState } from '../services';

/**
 * A stand-in for the shop's service: "starting" it reads the settings file and answers /api/health on
 * its PORT, unless `startsWith` says the shop would not start with those settings. Every call is kept.
 */
export function fakeShopService(layout: ShopLayout, startsWith: (settings: Settings) => boolean = () => true) {
  let server: Server | undefined;
  const calls: string[] = [];
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  const services: Services & { calls: string[]; close(): Promise<void> } = {
    calls,
    reloadUnits: async () => void calls.push('daemon-reload'),
    enable: async (unit) => (calls.push(`enable ${unit}`), false),
    reload: async (unit) => void calls.push(`reload ${unit}`),
    async restart(unit) {
      calls.push(`restart ${unit}`);
      await stop();
      server = undefined;
      const settings = parseEnvFile(readFileSync(layout.envFile, 'utf8'));
      if (!startsWith(settings)) return;
      const started = createServer((_req, res) => res.end('{"status":"ok"}'));
      await new Promise<void>((resolve) => started.listen(Number(settings.get('PORT')), '127.0.0.1', resolve));
      server = started;
    },
    async stop(unit) {
      calls.push(`stop ${unit}`);
      await stop();
      server = undefined;
    },
    state: async (): Promise<ServiceState> => ({ active: Boolean(server), restarts: 0 }),
    close: stop,
  };
  return services;
}
