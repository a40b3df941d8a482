import { startPaymentsSimulator } from './server';

/**
 * npm run payments:simulator. SIMULATOR_PORT (4010), SIMULATOR_HOST (127.0.0.1), SIMULATOR_AIRTEL_CALLBACK_URL
 * (where Airtel callbacks go, e.g. the shop's http://localhost:3000/api/payments/callback/airtel),
 * SIMULATOR_AIRTEL_CALLBACK_KEY (sign them), SIMULATOR_STOP_WITH_STDIN=1 (stop when stdin closes).
 * Credentials are the demo ones in demo-accounts.ts.
 */
const port = Number(process.env.SIMULATOR_PORT || 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('SIMULATOR_PORT must be a port number');
  process.exit(1);
}
const simulator = await startPaymentsSimulator({
  port,
  host: process.env.SIMULATOR_HOST || '127.0.0.1',
  airtelCallbackUrl: process.env.SIMULATOR_AIRTEL_CALLBACK_URL || undefined,
  airtelCallbackKey: process.env.SIMULATOR_AIRTEL_CALLBACK_KEY || undefined,
});
console.log(`Payments simulator on ${simulator.url}: the shopper's phone is ${simulator.url}/`);
const stop = () => void simulator.close().then(() => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
// Started by the shop's launcher (PAYMENTS=simulator): its end closes our stdin, even after a kill -9.
if (process.env.SIMULATOR_STOP_WITH_STDIN === '1') process.stdin.on('end', stop).resume();
