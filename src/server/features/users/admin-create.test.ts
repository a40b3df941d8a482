import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { createScratchDatabase } from '../../db/scratch-database';
import { users } from '../../db/schema';
import { projectRoot } from '../../lib/project-root';
import { hashPassword, verifyPassword } from '../../lib/password';

/**
 * Runs `admin:create` as the operator would, in a child process, against the same kind of database the
 * other tests use: a PGlite folder under a temporary DATA_DIR, or a fresh PostgreSQL database.
 */
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'coop-shop-admin-cli-'));
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'shop_test_cli');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
});
afterAll(async () => {
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

function runCli(args: string[], env: Record<string, string> = {}, dir = dataDir) {
  const tsx = path.join(projectRoot(), 'node_modules/.bin/tsx');
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      tsx,
      ['src/server/cli/admin-create.ts', ...args],
      {
        cwd: projectRoot(),
        env: {
          ...process.env,
          DATA_DIR: dir,
          DATABASE_URL: databaseUrl ?? '',
          ADMIN_EMAIL: '',
          ADMIN_PASSWORD: '',
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(); // a pipe, not a terminal: the command must not wait for answers
  });
}

/** Opens the database the CLI wrote, runs `work`, and closes it again before the next CLI run. */
async function withShopDatabase<T>(
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(
    databaseUrl ? { databaseUrl, poolSize: 1 } : { pgliteDir: path.join(dataDir, 'pgdata') },
  );
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const findUser = (email: string) =>
  withShopDatabase(
    async (db) =>
      (
        await db
          .select()
          .from(users)
          .where(eq(sql`lower(${users.email})`, email))
      )[0],
  );

// Each run starts tsx and, for most, opens PGlite: seconds each on a small machine.
describe('npm run admin:create', { timeout: 120_000 }, () => {
  it('creates an admin whose password verifies, and never prints the password', async () => {
    const res = await runCli(['--email', 'Boss@Example.com', '--password', 'kalulu-secret-9', '--name', 'Shop Boss']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Admin created: boss@example.com');
    expect(res.stdout + res.stderr).not.toContain('kalulu-secret-9');

    const admin = await findUser('boss@example.com');
    expect(admin).toMatchObject({ name: 'Shop Boss', firstName: 'Shop', lastName: 'Boss', isAdmin: true });
    expect(await verifyPassword('kalulu-secret-9', admin.passwordHash ?? '')).toBe(true);
  });

  it('promotes an existing customer, keeping the password unless --reset-password, and reads ADMIN_* settings', async () => {
    await withShopDatabase(async (db) => {
      await db.insert(users).values({
        name: 'Existing Customer',
        email: 'existing@example.com',
        passwordHash: await hashPassword('own password 1'),
      });
    });
    const env = { ADMIN_EMAIL: 'existing@example.com', ADMIN_PASSWORD: 'from-the-env-1' };

    const promoted = await runCli([], env);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain('Existing account existing@example.com is now an admin (password unchanged).');
    let user = await findUser('existing@example.com');
    expect(user.isAdmin).toBe(true);
    expect(await verifyPassword('own password 1', user.passwordHash ?? '')).toBe(true);

    const reset = await runCli(['--reset-password'], env);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('existing@example.com is already an admin (password reset).');
    expect(reset.stdout).not.toContain('from-the-env-1');
    user = await findUser('existing@example.com');
    expect(await verifyPassword('from-the-env-1', user.passwordHash ?? '')).toBe(true);
  });

  it('fails with the usage when nothing is given and there is no terminal to ask', async () => {
    const res = await runCli([]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('No admin e-mail given, and no terminal to ask for it.');
    expect(res.stderr).toContain('Usage: npm run admin:create -- --email');
  });

  it('fails clearly for a bad e-mail, a short password or an unknown flag', async () => {
    const badEmail = await runCli(['--email', 'nope', '--password', 'long enough 1']);
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toContain('Invalid email address');
    const shortPassword = await runCli(['--email', 'new@example.com', '--password', 'short']);
    expect(shortPassword.code).toBe(1);
    expect(shortPassword.stderr).toContain('Password must be at least 8 characters');
    const unknownFlag = await runCli(['--emial', 'x@example.com']);
    expect(unknownFlag.code).toBe(1);
    expect(unknownFlag.stderr).toContain("Unknown option '--emial'");
  });

  it('refuses to open an embedded database that the server holds open', async () => {
    const busyDir = mkdtempSync(path.join(tmpdir(), 'coop-shop-admin-cli-busy-'));
    try {
      // The lock file openDatabase keeps beside the folder, held by a live process (this test runner).
      writeFileSync(path.join(busyDir, 'pgdata.lock'), String(process.pid));
      const res = await runCli(
        ['--email', 'a@example.com', '--password', 'long enough 1'],
        { DATABASE_URL: '' },
        busyDir,
      );
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`is in use by process ${process.pid}`);
      expect(res.stderr).toContain('stop that process first');
    } finally {
      rmSync(busyDir, { recursive: true, force: true });
    }
  });
});
