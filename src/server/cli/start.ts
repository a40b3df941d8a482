/**
 * npm start, npm run dev: the shop (src/server/main.ts, in this process). With PAYMENTS=simulator it
 * first starts the provider simulators (simulators/, outside the product: run from source through tsx, a
 * development dependency) as a child process (SIMULATOR_PORT, default 4010), which tells it the shop's
 * settings that point at them: both mobile-money providers and SMS, the demo credentials, callbacks to
 * this shop. Real providers are set by their own settings (docs/operations/payments.md), never by PAYMENTS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../lib/project-root';

const mode = process.env.PAYMENTS ?? '';
if (mode !== '' && mode !== 'simulator') {
  console.error(
    `Invalid settings:\n  PAYMENTS: must be "simulator" or unset (real MTN and Airtel settings are MTN_MOMO_* and AIRTEL_MONEY_*)`,
  );
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
  const simulatorEnv = {
    ...env,
    SIMULATOR_PORT: port,
    SIMULATOR_HOST: host,
    // Each simulated provider calls back to its id under this (simulators/main.ts).
    SIMULATOR_SHOP_CALLBACK_BASE: callbackBase,
    SIMULATOR_STOP_WITH_STDIN: '1',
  };

  const root = projectRoot();
  const main = path.join(root, 'simulators/main.ts');
  if (!existsSync(main) || !existsSync(path.join(root, 'node_modules/tsx'))) {
    console.error(
      'PAYMENTS=simulator needs the repository with its development dependencies (simulators/ and tsx): npm install',
    );
    process.exit(1);
  }

  // A simulator of a run that just stopped (npm run dev reloading) may still hold the port for a moment.
  for (let attempt = 1; ; attempt++) {
    const simulator = spawn(process.execPath, ['--import', 'tsx', main], {
      cwd: root,
      env: simulatorEnv,
      stdio: ['pipe', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await readyMessage(simulator);
    if (ready) {
      process.on('exit', () => simulator.kill('SIGTERM'));
      simulator.once('exit', (code, signal) => {
        if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT')
          console.error(
            `The simulators stopped (${signal ?? code}); mobile-money payments and texts will not be answered`,
          );
      });
      simulator.disconnect();
      Object.assign(process.env, ready.shopEnv);
      console.log(
        `PAYMENTS=simulator: MTN MoMo and Airtel Money collect through ${ready.url}; approve on the shopper's phone at ${ready.url}/`,
      );
      return;
    }
    if (attempt === 10) {
      console.error(`The simulators did not start on ${simulatorUrl} (is SIMULATOR_PORT ${port} taken?)`);
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

interface SimulatorsReady {
  url: string;
  /** The shop's settings that point at the simulators (simulators/shop-env.ts). */
  shopEnv: Record<string, string>;
}

/** The simulators' message once they listen, or undefined if their process ended first (or took 15 s). */
function readyMessage(child: ChildProcess): Promise<SimulatorsReady | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(undefined);
    }, 15_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as SimulatorsReady);
    });
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}
