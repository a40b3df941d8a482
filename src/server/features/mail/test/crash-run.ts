import { expect } from 'vitest';
import { killUntilLanded, killWhen, waitUntil } from '../../../test/kill-and-restart';
import type { ShopProcess } from '../../../test/shop-process';
import { emlFiles, placeOrders, productsInStock, readOutbox, registerCustomers, type Placed } from './server-process';

/**
 * The crash runs of crash-delivery.test.ts (embedded database) and crash-delivery.pg.test.ts
 * (PostgreSQL): real server processes, 20 customers ordering, `kill -9` while order mail is in flight.
 * Messages are read from the .eml outbox (the same path as SMTP up to the transport). Temp folders and
 * shops are cleaned up by shop-process.ts's cleanUpShops.
 */

/**
 * 20 new customers order on `server` until `maxOrders` are acknowledged or `ms` passed (after they
 * registered); `onPlaced` hears of each acknowledged order. Answers the acknowledged orders.
 */
export async function orderLoad(
  server: ShopProcess,
  opts: { maxOrders: number; ms: number; onPlaced?: (placed: Placed) => void },
) {
  const shoppers = await registerCustomers(server.base, 20);
  const products = await productsInStock(server.base);
  const started = Date.now();
  return placeOrders(server.base, shoppers, products, {
    until: () => Date.now() - started > opts.ms,
    maxOrders: opts.maxOrders,
    onPlaced: opts.onPlaced,
  });
}

/** Waits until every order has its confirmation in the outbox folders (or the time is up), then checks. */
export async function expectEveryConfirmation(outboxes: string[], placed: Placed[], waitMs: number) {
  const deadline = Date.now() + waitMs;
  // Distinct messages (a file is named after its row id): a resent message is a second file of one id.
  const count = () => new Set(outboxes.flatMap((outbox) => emlFiles(outbox).map((f) => f.slice(-40, -4)))).size;
  await waitUntil(() => count() >= placed.length * 2, waitMs, 250);
  // The count also holds orders committed but never acknowledged (the kill cut their answer): wait until
  // every acknowledged order's own confirmation is there.
  const confirmed = (messages: { to: string; subject: string }[]) =>
    new Set(messages.map((m) => `${m.to} ${m.subject}`));
  const unconfirmed = (messages: { to: string; subject: string }[]) =>
    placed.filter((p) => !confirmed(messages).has(`${p.email} Order #${p.orderId.slice(0, 8)} received`));
  let messages = (await Promise.all(outboxes.map(readOutbox))).flat();
  while (unconfirmed(messages).length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    messages = (await Promise.all(outboxes.map(readOutbox))).flat();
  }
  const byId = new Map<string, typeof messages>();
  for (const m of messages) byId.set(m.messageId, [...(byId.get(m.messageId) ?? []), m]);
  // A duplicate is the same message again: one Message-ID, one recipient, one subject.
  for (const [messageId, copies] of byId) {
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@coop-shop\.example>$/);
    expect(new Set(copies.map((c) => `${c.to} ${c.subject}`)).size, messageId).toBe(1);
  }
  expect(unconfirmed(messages).map((p) => p.orderId)).toEqual([]);
  return { messages: messages.length, distinct: byId.size };
}

const RESENT = /mail (interrupted by a stop|whose sender stopped mid-send) is sent again/;

/** Orders flow on `server` until mail is seen in flight (or 20 s passed), then `kill -9`; answers the acknowledged orders. */
async function killMidSend(server: ShopProcess, outbox: string, sending?: () => Promise<number>): Promise<Placed[]> {
  let placedSoFar = 0;
  // Without a view of the database: a batch of files appearing (the rows not yet recorded as sent) is
  // mail in flight. The first batch seen is let through.
  let seen = emlFiles(outbox).length;
  let batches = 0;
  const appearing = () => {
    const now = emlFiles(outbox).length;
    if (now > seen) batches += 1;
    const growing = now > seen && batches > 1;
    seen = now;
    return growing;
  };
  const loading = orderLoad(server, { maxOrders: 100_000, ms: 20_000, onPlaced: () => (placedSoFar += 1) });
  await killWhen(server, async () => placedSoFar >= 60 && (sending ? (await sending()) > 0 : appearing()), 20_000, 20);
  return loading;
}

/** Whether `server`'s output says, within `ms`, that it took back mail a killed sender had claimed. */
function resendLogged(server: ShopProcess, ms: number) {
  return waitUntil(() => RESENT.test(server.output()), ms, 100);
}

/**
 * Kill rounds until one lands while mail is being sent (at most 3: a batch can finish between seeing it
 * and the kill), each restart on the same data; then every acknowledged order of every round must be
 * confirmed. `sending()` counts rows claimed right now, where the test can see the database (PostgreSQL:
 * asked after the kill it is exact, nothing changes them until a restart); on the embedded database the
 * restart, the sole sender, says at start whether it took claims back.
 */
export async function crashAndRestart(env: Record<string, string>, outbox: string, sending?: () => Promise<number>) {
  let outAtKill = 0;
  const { shop, rounds, placed } = await killUntilLanded(env, 'mail was being sent', async (server) => {
    const acknowledged = await killMidSend(server, outbox, sending);
    outAtKill = emlFiles(outbox).length;
    const claimedAtKill = sending ? (await sending()) > 0 : undefined;
    return {
      placed: acknowledged,
      landed: (restarted) =>
        claimedAtKill !== undefined ? Promise.resolve(claimedAtKill) : resendLogged(restarted, 5_000),
    };
  });
  const restarted = Date.now();
  const result = await expectEveryConfirmation([outbox], placed, 40_000);
  const allOutAfterRestartMs = Date.now() - restarted;
  // The last restart (or its sweep, once the dead sender's 20 s claims lapsed) took that mail back.
  const resent = await resendLogged(shop, 40_000);
  await shop.stop();
  expect(resent).toBe(true);
  return { rounds, placed: placed.length, outAtKill, allOutAfterRestartMs, ...result };
}
