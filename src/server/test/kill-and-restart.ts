import { expect } from 'vitest';
import { startShop, type ShopProcess } from './shop-process';

/**
 * Test-only: the kill -9 runs shared by the crash tests of mail, SMS and payments. A real shop process
 * (shop-process.ts) is killed with SIGKILL at a moment the test watches for, then started again on the
 * same data; the test then checks that nothing acknowledged was lost.
 */

/** Asks `ready()` every `everyMs` until it answers true or `withinMs` passed; answers whether it did. */
export async function waitUntil(
  ready: () => boolean | Promise<boolean>,
  withinMs: number,
  everyMs = 10,
): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await ready()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** SIGKILLs `shop` once `ready()` answers true, or once `withinMs` passed; answers whether the moment came. */
export async function killWhen(
  shop: ShopProcess,
  ready: () => boolean | Promise<boolean>,
  withinMs: number,
  everyMs = 10,
): Promise<boolean> {
  const came = await waitUntil(ready, withinMs, everyMs);
  await shop.kill();
  return came;
}

export interface KillRound<Placed> {
  /** What the shop acknowledged before it was killed. */
  placed: Placed[];
  /** Whether the kill landed at the moment the test wanted, asked once the shop runs again. */
  landed(restarted: ShopProcess): Promise<boolean>;
}

/**
 * Kill rounds until one lands mid-`what` (at most `maxRounds`: the moment can pass between seeing it
 * and the kill), each restart on the same environment and data. `round(shop)` loads the shop and kills
 * it. Answers the restarted shop (running: the caller stops it), the rounds, and every round's
 * acknowledged work; fails the test if no kill landed.
 */
export async function killUntilLanded<Placed>(
  env: Record<string, string>,
  what: string,
  round: (shop: ShopProcess) => Promise<KillRound<Placed>>,
  maxRounds = 3,
): Promise<{ shop: ShopProcess; rounds: number; placed: Placed[] }> {
  const placed: Placed[] = [];
  let shop = await startShop(env);
  let rounds = 0;
  let landed = false;
  while (!landed && rounds < maxRounds) {
    rounds += 1;
    const killed = await round(shop);
    expect(killed.placed.length).toBeGreaterThan(0);
    placed.push(...killed.placed);
    shop = await startShop(env);
    landed = await killed.landed(shop);
  }
  expect(landed, `no kill in ${rounds} rounds landed while ${what}`).toBe(true);
  return { shop, rounds, placed };
}
