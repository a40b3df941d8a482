import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../db/scratch-database';
import { emlFiles, placeOrders, productsInStock, readOutbox, registerCustomers, startServer, type Placed, type ServerProcess } from './test/server-process';

/**
 * The real server, 20 customers ordering, `kill -9` while order mail is in flight, a restart on the
 * same data: every acknowledged order's confirmation is delivered, a duplicate only with the same
 * Message-ID. Messages are read from the .eml outbox (the same path as SMTP up to the transport).
 */

const folders: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await server.kill();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'coop-crash-'));
  folders.push(folder);
  return folder;
}

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  servers.push(server);
  return server;
}

/** Orders until `count` are acknowledged or `ms` passed. */
async function orderLoad(server: ServerProcess, count: number, ms: number, until = () => false) {
  const shoppers = await registerCustomers(server.base, 20);
  const products = await productsInStock(server.base);
  const started = Date.now();
  return placeOrders(server.base, shoppers, products, { until: () => until() || Date.now() - started > ms, maxOrders: count });
}

/** Waits until every order has its confirmation in the outbox folders (or the time is up), then checks. */
async function expectEveryConfirmation(outboxes: string[], placed: Placed[], waitMs: number) {
  const deadline = Date.now() + waitMs;
  // Distinct messages (a file is named after its row id): a resent message is a second file of one id.
  const count = () => new Set(outboxes.flatMap((outbox) => emlFiles(outbox).map((f) => f.slice(-40, -4)))).size;
  while (count() < placed.length * 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  const messages = (await Promise.all(outboxes.map(readOutbox))).flat();
  const byId = new Map<string, typeof messages>();
  for (const m of messages) byId.set(m.messageId, [...(byId.get(m.messageId) ?? []), m]);
  // A duplicate is the same message again: one Message-ID, one recipient, one subject.
  for (const [messageId, copies] of byId) {
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@coop-shop\.example>$/);
    expect(new Set(copies.map((c) => `${c.to} ${c.subject}`)).size, messageId).toBe(1);
  }
  const delivered = new Set(messages.map((m) => `${m.to} ${m.subject}`));
  const missing = placed.filter((p) => !delivered.has(`${p.email} Order #${p.orderId.slice(0, 8)} received`));
  expect(missing.map((p) => p.orderId)).toEqual([]);
  return { messages: messages.length, distinct: byId.size };
}

/**
 * `sending()` reads how many messages are claimed right now, where the test can see the database
 * (PostgreSQL); on the embedded database, files appearing in the outbox mean a batch is being written.
 */
async function crashAndRestart(env: Record<string, string>, outbox: string, sending?: () => Promise<number>) {
  const first = await start(env);
  let placedSoFar = 0;
  // Kill while orders are flowing and a batch of their mail is being written (files appearing, the rows
  // not yet recorded as sent): mail is in flight. The first batch (the first order's two) is let through.
  let seen = 0;
  const killAt = () => {
    const now = emlFiles(outbox).length;
    const appearing = now > seen && seen >= 2;
    seen = now;
    return placedSoFar >= 60 && appearing;
  };
  const loading = (async () => {
    const shoppers = await registerCustomers(first.base, 20);
    const products = await productsInStock(first.base);
    const started = Date.now();
    return placeOrders(first.base, shoppers, products, {
      until: () => Date.now() - started > 20_000,
      maxOrders: 100_000,
      onPlaced: () => (placedSoFar += 1),
    });
  })();
  const watchStart = Date.now();
  const midSend = async () => placedSoFar >= 60 && (sending ? (await sending()) > 0 : killAt());
  while (!(await midSend()) && Date.now() - watchStart < 20_000) await new Promise((r) => setTimeout(r, 20));
  await first.kill();
  const placed = await loading;
  expect(placed.length).toBeGreaterThan(0);
  const outAtKill = emlFiles(outbox).length;

  const second = await start({ ...env, LOG_LEVEL: 'warn' });
  const restarted = Date.now();
  const result = await expectEveryConfirmation([outbox], placed, 30_000);
  const allOutAfterRestartMs = Date.now() - restarted;
  await second.stop();
  // The restart found messages that were being sent at the kill (so the test did kill mid-send).
  expect(second.output()).toMatch(/mail (interrupted by a stop|whose sender stopped mid-send) is sent again/);
  return { placed: placed.length, outAtKill, allOutAfterRestartMs, ...result };
}

describe('order e-mails survive kill -9 of the real server', () => {
  it('on the embedded database: every acknowledged order is confirmed after the restart', async () => {
    const dataDir = tempFolder();
    const outcome = await crashAndRestart({ DATA_DIR: dataDir }, path.join(dataDir, 'outbox'));
    console.info('PGlite kill -9:', outcome);
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: every acknowledged order is confirmed after the restart', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_crash');
    try {
      const dataDir = tempFolder();
      const probe = new pg.Client({ connectionString: database.url });
      await probe.connect();
      const sending = async () =>
        Number((await probe.query("select count(*) as n from mail_messages where status = 'sending'").catch(() => ({ rows: [{ n: 0 }] }))).rows[0].n);
      const outcome = await crashAndRestart({ DATA_DIR: dataDir, DATABASE_URL: database.url }, path.join(dataDir, 'outbox'), sending).finally(() =>
        probe.end(),
      );
      console.info('PostgreSQL kill -9:', outcome);
    } finally {
      await database.drop();
    }
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL: none sent twice while both live, none lost when one is killed', async () => {
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_pair');
    try {
      const [dirA, dirB] = [tempFolder(), tempFolder()];
      const shared = { DATABASE_URL: database.url, JWT_SECRET: 'pair-test-secret-0123456789abcdef0123' };
      const a = await start({ ...shared, DATA_DIR: dirA });
      const b = await start({ ...shared, DATA_DIR: dirB, SEED_DEMO: 'false' });
      const outboxes = [path.join(dirA, 'outbox'), path.join(dirB, 'outbox')];

      // Both live: orders on both, every message written once in all.
      const [onA, onB] = await Promise.all([orderLoad(a, 150, 15_000), orderLoad(b, 150, 15_000)]);
      const live = await expectEveryConfirmation(outboxes, [...onA, ...onB], 20_000);
      expect(live.messages).toBe(live.distinct);
      expect(live.distinct).toBe((onA.length + onB.length) * 2);

      // A is killed mid-load; B takes over its mail once A's claims lapse.
      let placedOnA = 0;
      const loadA = (async () => {
        const shoppers = await registerCustomers(a.base, 20);
        const products = await productsInStock(a.base);
        return placeOrders(a.base, shoppers, products, { until: () => false, maxOrders: 100_000, onPlaced: () => (placedOnA += 1) });
      })();
      const watchStart = Date.now();
      while (placedOnA < 100 && Date.now() - watchStart < 15_000) await new Promise((r) => setTimeout(r, 20));
      await a.kill();
      const killedA = await loadA;
      await expectEveryConfirmation(outboxes, [...onA, ...onB, ...killedA], 40_000);
      await b.stop();
    } finally {
      await database.drop();
    }
  }, 120_000);
});
