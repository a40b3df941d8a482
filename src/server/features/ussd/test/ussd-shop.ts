import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { startSimulators, type RunningSimulators } from '../../../../../simulators/server';
import { orders, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { simulatorProviders } from '../../payments/test/simulator-providers';
import type { UssdSettings } from '../ussd-settings';
import { TEST_SECRET } from './ussd-phone';

/** The USSD settings of the tests: a short prompt delay, the production deadline. */
export const TEST_USSD: UssdSettings = {
  secret: TEST_SECRET,
  serviceCode: '*384*123#',
  answerMs: 4_000,
  promptDelayMs: 200,
  sessionsPerNumber: 2,
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The shop listening on a port, as Africa's Talking reaches it, with MTN and Airtel played by the
 * simulator (whose callbacks come back to that port).
 */
export async function startUssdShop(): Promise<{ t: TestApp; simulator: RunningSimulators; close(): Promise<void> }> {
  const simulator = await startSimulators();
  const port = await freePort();
  const shopUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    paymentProviders: simulatorProviders(simulator.url, `${shopUrl}/api/payments/callback`),
    paymentTiming: { expiryMs: 60_000, firstPollMs: 150, maxPollMs: 400, tickMs: 50, leaseMs: 5_000 },
    ussd: { ...TEST_USSD },
  });
  await t.app.listen({ host: '127.0.0.1', port });
  return {
    t,
    simulator,
    async close() {
      await t.close();
      await simulator.close();
    },
  };
}

export { until } from '../../../test/until';

/** The orders of the account of this number (none when it has no account). */
export async function ordersOf(t: TestApp, mobile: string) {
  const [user] = await t.app.db.select().from(users).where(eq(users.mobile, mobile));
  return user ? t.app.db.select().from(orders).where(eq(orders.userId, user.id)) : [];
}
