import { mkdtempSync, rmSync } from 'node:fs';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../app';
import type { AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createScratchDatabase } from '../db/scratch-database';
import { migratedPgliteTemplate } from './pglite-template';
import { users } from '../db/schema';
import { hashPassword } from '../lib/password';

export interface TestApp {
  app: App;
  database: Database;
  /** The scratch PostgreSQL database's URL; null on PGlite. */
  databaseUrl: string | null;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A whole server on a fresh database: in-memory PGlite by default, or a new database made on the
 * PostgreSQL named by TEST_DATABASE_URL (dropped again on close). No port is opened; use app.inject().
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-shop-test-'));
  const fresh = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(process.env.TEST_DATABASE_URL, 'shop_test')
    : null;
  const database = await openDatabase(
    fresh ? { databaseUrl: fresh.url, poolSize: 20 } : { pgliteStartFrom: await migratedPgliteTemplate() },
  );
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    mailFrom: '"Test Shop" <shop@coop-shop.example>',
    jwtSecret: randomBytes(32).toString('hex'),
    jwtExpiresIn: '1h',
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    seedDemo: false,
    trustProxy: false,
    ...overrides,
  };
  // Silent unless a test reads the log: then the server's own logger, as in production.
  const app = await buildApp({
    config,
    database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: fresh?.url ?? null,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server instance on the same PostgreSQL database, with its own connections, caches and
 * listeners, as behind a load balancer. Close it before `t`.
 */
export async function startSecondInstance(t: TestApp): Promise<{ app: App; close(): Promise<void> }> {
  if (!t.databaseUrl) throw new Error('A second instance needs PostgreSQL (TEST_DATABASE_URL)');
  const database = await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 5 });
  const app = await buildApp({ config: t.config, database, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A test file's two instances on one PostgreSQL (`first` is a whole TestApp), started before its tests and closed after. */
export function useTwoInstances(overrides: Partial<AppConfig> = {}) {
  const pair = {} as { first: TestApp; second: Awaited<ReturnType<typeof startSecondInstance>> };
  beforeAll(async () => {
    pair.first = await createTestApp(overrides);
    pair.second = await startSecondInstance(pair.first);
  });
  afterAll(async () => {
    await pair.second?.close();
    await pair.first?.close();
  });
  return pair;
}

let counter = 0;

/** Makes a user directly in the database and answers a bearer header for it. */
export async function createUser(
  t: TestApp,
  opts: { isAdmin?: boolean; email?: string; name?: string; password?: string } = {},
) {
  counter += 1;
  const email = opts.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = opts.password ?? 'correct horse battery';
  const [user] = await t.app.db
    .insert(users)
    .values({
      name: opts.name ?? `Test User ${counter}`,
      firstName: 'Test',
      lastName: `User ${counter}`,
      email,
      passwordHash: await hashPassword(password),
      isAdmin: opts.isAdmin ?? false,
    })
    .returning();
  const token = t.app.signToken(user);
  return { user: { ...user, email }, token, password, email, auth: { authorization: `Bearer ${token}` } };
}

/** Who asks in a test request: a user made by `createUser` (its auth header), or nobody. */
export type Asker = { auth: Record<string, string> } | null;

/** Requests to the test app as `who`, the payload sent as JSON when given; `t` read at each call (set in a beforeAll). */
export const injectAs =
  (t: () => TestApp) =>
  (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: Asker, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers: who?.auth ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
