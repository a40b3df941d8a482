import { expect } from 'vitest';
import { DEMO_AFRICASTALKING, startSimulators, type RunningSimulators } from '../../../../../simulators/server';
import { killUntilLanded, killWhen, waitUntil } from '../../../test/kill-and-restart';
import type { ShopProcess } from '../../../test/shop-process';
import { orderLoad } from '../../mail/test/crash-run';
import type { Placed } from '../../mail/test/server-process';

/**
 * The crash runs of crash-sms.test.ts (embedded database) and crash-sms.pg.test.ts (PostgreSQL): real
 * shop processes texting through the simulator's Africa's Talking API, `kill -9` while a request is in
 * flight, a restart; then every acknowledged order's text has arrived, and any text that arrived twice
 * is one whose row was 'submitting' at the kill (decision 015). Orders use the fixtures' delivery phone.
 */
export const CUSTOMER = '+260971234567';
/** Each request takes this long at the simulator: the shop is killed while one is in flight. */
const SLOW_MS = 150;

export function smsEnv(simulator: RunningSimulators): Record<string, string> {
  return {
    SMS_PROVIDER: 'africastalking',
    AFRICASTALKING_USERNAME: DEMO_AFRICASTALKING.username,
    AFRICASTALKING_API_KEY: DEMO_AFRICASTALKING.apiKey,
    AFRICASTALKING_URL: simulator.url,
    // Every order here texts CUSTOMER, dozens a run; the limit per number is order-text-limit.test.ts's.
    ORDER_TEXTS_PER_NUMBER_PER_DAY: '0',
  };
}

export async function startSlowSimulator(): Promise<RunningSimulators> {
  const simulator = await startSimulators();
  simulator.state.sms.behaviour.slowMs = SLOW_MS;
  return simulator;
}

/** `to|text` of a message: each order's text names the order, so it is one message's identity. */
export const keyOf = (to: string, text: string) => `${to}|${text}`;

/** Orders flow on `server` until one text is in flight at the simulator (after `after` orders), then `kill -9`. */
export async function killWhileTexting(
  server: ShopProcess,
  simulator: RunningSimulators,
  after = 30,
): Promise<{ placed: Placed[]; inFlight: boolean }> {
  let placedSoFar = 0;
  const loading = orderLoad(server, { maxOrders: 80, ms: 20_000, onPlaced: () => (placedSoFar += 1) });
  const inFlight = await killWhen(server, () => placedSoFar >= after && simulator.state.sms.inFlight > 0, 20_000, 5);
  const placed = await loading;
  // The requests the kill cut off still finish at the simulator (as a real provider's would).
  await waitUntil(() => simulator.state.sms.inFlight === 0, Infinity, 20);
  return { placed, inFlight };
}

/**
 * Waits until every acknowledged order's confirmation has reached the simulator, then checks that the
 * only texts that arrived more than once are among `submittingAtKill` (`to|text` of rows 'submitting'
 * when their sender was killed).
 */
export async function expectEveryOrderTexted(
  simulator: RunningSimulators,
  placed: Placed[],
  submittingAtKill: Set<string>,
  waitMs: number,
) {
  const missing = () => {
    const texts = simulator.state.sms.to(CUSTOMER).map((m) => m.text);
    return placed.filter((p) => !texts.some((text) => text.includes(`#${p.orderId.slice(0, 8)}`)));
  };
  await waitUntil(() => missing().length === 0, waitMs, 250);
  expect(missing().map((p) => p.orderId)).toEqual([]);
  const copies = new Map<string, number>();
  for (const m of simulator.state.sms.to()) copies.set(keyOf(m.to, m.text), (copies.get(keyOf(m.to, m.text)) ?? 0) + 1);
  const twice = [...copies].filter(([, n]) => n > 1).map(([key]) => key);
  expect(twice.filter((key) => !submittingAtKill.has(key))).toEqual([]);
  return {
    placed: placed.length,
    texts: simulator.state.sms.messages.length,
    distinct: copies.size,
    duplicates: twice.length,
    submittingAtKill: submittingAtKill.size,
  };
}

/**
 * Kill rounds until one lands with a text in flight (at most 3), each restart on the same data; then
 * every acknowledged order of every round is texted. `submitting()` reads the rows 'submitting' right
 * after the kill (the database as the dead process left it).
 */
export async function crashAndRestartTexting(env: Record<string, string>, submitting: () => Promise<Set<string>>) {
  const simulator = await startSlowSimulator();
  try {
    const submittingAtKill = new Set<string>();
    const { shop, rounds, placed } = await killUntilLanded(
      { ...env, ...smsEnv(simulator) },
      'a text was in flight',
      async (server) => {
        const round = await killWhileTexting(server, simulator);
        const inDoubt = await submitting();
        for (const key of inDoubt) submittingAtKill.add(key);
        return { placed: round.placed, landed: () => Promise.resolve(round.inFlight && inDoubt.size > 0) };
      },
    );
    // A message in doubt is sent again, at most the line's two requests in flight per kill.
    expect(submittingAtKill.size).toBeLessThanOrEqual(2 * rounds);
    const outcome = await expectEveryOrderTexted(simulator, placed, submittingAtKill, 60_000);
    await shop.stop();
    return { rounds, ...outcome };
  } finally {
    await simulator.close();
  }
}
