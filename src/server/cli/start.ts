/**
 * npm start, npm run dev: the shop (src/server/main.ts, in this process). With PAYMENTS=simulator it
 * first starts the payments simulator as a child process (SIMULATOR_PORT, default 4010) and points both
 * mobile-money providers of the shop at it: the demo credentials, callbacks to this shop. Real providers
 * are set by their own settings (docs/operations/payments.md), never by PAYMENTS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shopEnvForSimulator } from '../../payments-simulator/shop-env';
import { projectRoot } from '../lib/project-root';

const mode = process.env.PAYMENTS ?? '';
if (mode !== '' && mode !== 'simulator') {
  console.error(`Invalid settings:\n  PAYMENTS: must be "simulator" or unset (real MTN and Airtel settings are MTN_MOMO_* and AIRTEL_MONEY_*)`);
  process.exit(1);
}
if (mode === 'simulator') await startSimulatorForShop();
await import('../main');

async function startSimulatorForShop(): Promise<void> {
  const env = process.env;
  const port = env.SIMULATOR_PORT || '4010';
  const host = env.SIMULATOR_HOST || '127.0.0.1';
  const reachable = (address: string) => (address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address);
  const simulatorUrl = `http://${reachable(host)}:${port}`;
  const shopPort = env.PORT || '3000';
  const callbackBase = `http://${reachable(env.HOST || '127.0.0.1')}:${shopPort}/api/payments/callback`;
  const simulatorEnv = { ...env, SIMULATOR_PORT: port, SIMULATOR_HOST: host, SIMULATOR_AIRTEL_CALLBACK_URL: `${callbackBase}/airtel`, SIMULATOR_STOP_WITH_STDIN: '1' };

  // Built (npm start): the simulator's own bundle; from source (npm run dev): through tsx.
  const root = projectRoot();
  const built = path.join(root, 'dist/payments-simulator/main.js');
  const fromDist = fileURLToPath(import.meta.url).startsWith(path.join(root, 'dist') + path.sep);
  const command = fromDist && existsSync(built) ? [built] : ['--import', 'tsx', path.join(root, 'src/payments-simulator/main.ts')];

  // A simulator of a run that just stopped (npm run dev reloading) may still hold the port for a moment.
  let simulator: ChildProcess;
  for (let attempt = 1; ; attempt++) {
    simulator = spawn(process.execPath, command, { cwd: root, env: simulatorEnv, stdio: ['pipe', 'inherit', 'inherit'] });
    if (await answers(`${simulatorUrl}/`, simulator)) break;
    if (attempt === 10) {
      console.error(`The payments simulator did not start on ${simulatorUrl} (is SIMULATOR_PORT ${port} taken?)`);
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  process.on('exit', () => simulator.kill('SIGTERM'));
  simulator.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') console.error(`The payments simulator stopped (${signal ?? code}); mobile-money payments will not be answered`);
  });

  Object.assign(process.env, shopEnvForSimulator(simulatorUrl, callbackBase));
  console.log(`PAYMENTS=simulator: MTN MoMo and Airtel Money collect through ${simulatorUrl}; approve on the shopper's phone at ${simulatorUrl}/`);
}

/** True once the simulator answers, false if its process ended first. */
async function answers(url: string, child: ChildProcess): Promise<boolean> {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  return false;
}
