/**
 * npm run admin:create -- --email a@b.c --password 'secret123' [--name 'Admin'] [--reset-password]
 *
 * Creates the shop's admin, or makes an existing account admin, in the same database the server uses.
 * Never prints the password.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DatabaseInUseError } from '../db/folder-lock';
import { ensureAdmin } from '../features/users/ensure-admin';
import { findUserByEmail } from '../features/users/queries';
import { emailSchema } from '../../shared/schemas/common';
import { passwordSchema } from '../../shared/schemas/users';

const USAGE = `Usage: npm run admin:create -- --email <address> --password <password> [--name <name>] [--reset-password]

  --email           the admin's e-mail (else ADMIN_EMAIL)
  --password        at least 8 characters (else ADMIN_PASSWORD); needed for a new account or with --reset-password
  --name            shown name of a new account (default "Admin")
  --reset-password  also set the password of an existing account

Without flags or settings, a terminal asks for the e-mail and password (not shown while typed; a
--password flag may stay in your shell history). The shop server must be stopped while this runs on
the embedded database (DATA_DIR/pgdata); with DATABASE_URL it may keep running.`;

class UsageError extends Error {}

async function main(): Promise<void> {
  const { values: flags } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      'reset-password': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const interactive = Boolean(process.stdin.isTTY);
  const terminal = terminalPrompt();
  try {
    await createOrPromote(flags, config, interactive, terminal.ask);
  } finally {
    terminal.close();
  }
}

async function createOrPromote(
  flags: { email?: string; password?: string; name?: string; 'reset-password': boolean },
  config: AppConfig,
  interactive: boolean,
  ask: (question: string, hidden?: boolean) => Promise<string>,
): Promise<void> {
  const email = checked(
    emailSchema,
    flags.email ?? config.admin?.email ?? (interactive ? (await ask('Admin e-mail: ')).trim() : missing('e-mail')),
  );
  // ADMIN_PASSWORD belongs to ADMIN_EMAIL; it is never used for another address given by --email.
  let password = flags.password ?? (config.admin?.email === email ? config.admin.password : undefined);
  if (password !== undefined) password = checked(passwordSchema, password);

  const database = await openShopDatabase(config);
  try {
    const existing = await findUserByEmail(database.db, email);
    const needsPassword = !existing || flags['reset-password'];
    if (needsPassword && password === undefined) {
      if (!interactive) missing('password');
      password = checked(passwordSchema, await ask('Password (at least 8 characters): ', true));
      if ((await ask('Same password again: ', true)) !== password)
        throw new UsageError('The two passwords differ; nothing was changed.');
    }
    const result = await ensureAdmin(database.db, {
      email,
      password: needsPassword ? password : undefined,
      name: flags.name,
      resetPassword: flags['reset-password'],
    });
    const passwordNote = result.passwordReset ? 'password reset' : 'password unchanged';
    if (result.action === 'created')
      console.log(`Admin created: ${result.email}. Sign in at ${config.publicUrl}/login`);
    if (result.action === 'promoted')
      console.log(`Existing account ${result.email} is now an admin (${passwordNote}).`);
    if (result.action === 'unchanged') console.log(`${result.email} is already an admin (${passwordNote}).`);
    if (!needsPassword && password !== undefined) {
      console.log('The given password was not used: the account keeps its own. Add --reset-password to set it.');
    }
  } finally {
    await database.close();
  }
}

async function openShopDatabase(config: AppConfig): Promise<Database> {
  const pgliteDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata');
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolSize: 1 });
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      throw new UsageError(
        `${error.message}\n(Or set ADMIN_EMAIL and ADMIN_PASSWORD and restart the server, which then makes sure that admin exists.)`,
      );
    }
    const where = config.databaseUrl ? 'the database of DATABASE_URL' : `the shop's database in ${pgliteDir}`;
    throw new UsageError(`Could not open ${where}: ${(error as Error).message}`);
  }
}

function checked<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'Invalid value');
  return parsed.data;
}

function missing(what: string): never {
  throw new UsageError(`No admin ${what} given, and no terminal to ask for it.\n\n${USAGE}`);
}

/**
 * Questions on the terminal through one readline for the whole run: lines typed ahead are queued, not
 * lost, and what is typed is shown only while the e-mail is asked, never for a password.
 */
function terminalPrompt() {
  let rl: ReturnType<typeof createInterface> | undefined;
  let lines: AsyncIterator<string> | undefined;
  let showTyping = false;
  return {
    async ask(question: string, hidden = false): Promise<string> {
      if (!rl) {
        rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
        const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
        (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => showTyping && write(s);
        rl.on('SIGINT', () => {
          process.stdout.write('\nCancelled; nothing was changed.\n');
          process.exit(130);
        });
        lines = rl[Symbol.asyncIterator]();
      }
      process.stdout.write(question);
      showTyping = !hidden;
      const next = await lines!.next();
      showTyping = false;
      if (hidden) process.stdout.write('\n');
      if (next.done) throw new UsageError('No answer given; nothing was changed.');
      return next.value;
    },
    close: () => rl?.close(),
  };
}

main().then(
  () => process.exit(0),
  (error) => {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(error.message);
    } else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
    } else {
      console.error(`admin:create failed: ${(error as Error).message}`);
    }
    process.exit(1);
  },
);
