import { startSimulators } from './server';
import { DEMO_USSD } from './demo-accounts';
import { SIMULATED_PROVIDERS } from './providers';
import { shopEnvForSimulator } from './shop-env';
import { smartInvoiceEnvForSimulator } from './vsdc';

/** SIMULATOR_USSD_CALLBACK_URL, else the shop's /api/ussd/{demo secret} next to its payment callbacks. */
function ussdCallbackUrl(): string | undefined {
  if (process.env.SIMULATOR_USSD_CALLBACK_URL) return process.env.SIMULATOR_USSD_CALLBACK_URL;
  const base = process.env.SIMULATOR_SHOP_CALLBACK_BASE;
  return base ? new URL(`/api/ussd/${DEMO_USSD.secret}`, base).toString() : undefined;
}

/**
 * npm run simulators. SIMULATOR_PORT (4010), SIMULATOR_HOST (127.0.0.1), SIMULATOR_AIRTEL_CALLBACK_URL
 * (where Airtel callbacks go, e.g. the shop's http://localhost:3000/api/payments/callback/airtel),
 * SIMULATOR_AIRTEL_CALLBACK_KEY (sign them), SIMULATOR_LENCO_WEBHOOK_URL (where Lenco's signed webhooks go,
 * e.g. http://localhost:3000/api/payments/callback/lenco); SIMULATOR_SHOP_CALLBACK_BASE (the shop's
 * .../api/payments/callback: each provider's callbacks go to its id under it unless its own variable says
 * otherwise), SIMULATOR_USSD_CALLBACK_URL (the shop's USSD callback,
 * for the feature phone at /ussd), SIMULATOR_VSDC_SIGNING_MS (how long ZRA's simulated VSDC takes to sign a
 * receipt: 2000, as a real one does), SIMULATOR_STOP_WITH_STDIN=1 (stop when stdin closes).
 * Credentials are the demo ones in demo-accounts.ts.
 */
const port = Number(process.env.SIMULATOR_PORT || 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('SIMULATOR_PORT must be a port number');
  process.exit(1);
}
const signingMs = Number(process.env.SIMULATOR_VSDC_SIGNING_MS || 2000);
if (!Number.isInteger(signingMs) || signingMs < 0 || signingMs > 600_000) {
  console.error('SIMULATOR_VSDC_SIGNING_MS must be a whole number of milliseconds, 0 to 600000');
  process.exit(1);
}
const simulators = await startSimulators({
  port,
  host: process.env.SIMULATOR_HOST || '127.0.0.1',
  // Where each provider's callbacks go: its own variable, else the shop's callback base and its id.
  ...Object.assign(
    {},
    ...SIMULATED_PROVIDERS.map((p) =>
      p.settleFromEnv?.(process.env, process.env.SIMULATOR_SHOP_CALLBACK_BASE || undefined),
    ),
  ),
  ussd: { callbackUrl: ussdCallbackUrl() },
  vsdc: { signingMs },
});
console.log(
  `${SIMULATED_PROVIDERS.map((p) => p.name).join(', ')}, Africa's Talking and ZRA VSDC simulators on ${simulators.url}: the shopper's phone is ${simulators.url}/`,
);
const stop = () => void simulators.close().then(() => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
// Started by the shop's launcher (PAYMENTS=simulator, over an IPC channel): it is told the shop's settings
// that point at us (the shop imports no simulator code), and its end closes our stdin, even after a kill -9.
if (process.send) {
  const host = process.env.SIMULATOR_HOST || '127.0.0.1';
  const url = host === '0.0.0.0' || host === '::' ? `http://127.0.0.1:${new URL(simulators.url).port}` : simulators.url;
  // The launcher's shop fiscalises through the simulated VSDC too (docs/operations/smart-invoice.md).
  const shopEnv = {
    ...shopEnvForSimulator(url, process.env.SIMULATOR_SHOP_CALLBACK_BASE || undefined),
    ...smartInvoiceEnvForSimulator(url),
  };
  process.send({ url, shopEnv });
  process.channel?.unref();
}
if (process.env.SIMULATOR_STOP_WITH_STDIN === '1') process.stdin.on('end', stop).resume();
