import { createHash } from 'node:crypto';
import { sql, type Placeholder } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** What Drizzle's `.prepare(name)` answers: the statement's text and where each value goes, built once. */
interface PreparedQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** Drizzle keeps each handle's connection on its session: the pool or PGlite, or a transaction's own client. */
interface Session {
  client: unknown;
}
interface Bound {
  client: unknown;
}

function sessionOf(db: Db | Tx): Session {
  const session = (db as unknown as { session?: Session }).session;
  // Read from Drizzle's internals (not in its types): an upgrade that moves them must fail here, loudly,
  // never run a statement of a transaction on another connection.
  if (!session || !('client' in session) || !session.client)
    throw new Error('prepared statements: this Drizzle handle has no session client');
  return session;
}

/**
 * A statement of the hot paths (placing an order, reading the session's user) that Drizzle builds once
 * instead of on every call: building costs more JavaScript than the statement takes in the database
 * (decision 052). The statement is built on the first handle that runs it and then runs on whichever
 * handle is given, a transaction's included, on that handle's own connection. On PostgreSQL the name makes
 * it a prepared statement of each pooled connection (parsed once per connection); PGlite parses each time.
 * Values are passed by placeholder name (`sql.placeholder('id')`).
 */
export function preparedStatement<R>(
  name: string,
  build: (db: Db | Tx) => { prepare(name: string): PreparedQuery<R> },
) {
  // By driver (PGlite or node-postgres): tests may open both in one process.
  const built = new Map<unknown, PreparedQuery<R> & Bound>();
  return (db: Db | Tx, values: Record<string, unknown>): Promise<R> => {
    const session = sessionOf(db);
    let statement = built.get(session.constructor);
    if (!statement) {
      statement = build(db).prepare(name) as PreparedQuery<R> & Bound;
      built.set(session.constructor, statement);
    }
    if (statement.client === session.client) return statement.execute(values);
    const onThisConnection = Object.assign(
      Object.create(Object.getPrototypeOf(statement) as object) as object,
      statement,
      {
        client: session.client,
      },
    ) as PreparedQuery<R>;
    return onThisConnection.execute(values);
  };
}

/** Rows a prepared insert takes; more (bulk mail) are built each time, as they are rare. */
export const PREPARED_ROWS_MAX = 4;

/**
 * Prepared multi-row inserts: one statement per shape (the number of rows, up to PREPARED_ROWS_MAX, and
 * the columns given a value), each built once. `build` receives rows whose every value is a placeholder.
 * A column left undefined is left out, so it takes its default, as in a plain Drizzle insert.
 */
export function preparedRows<Row extends Record<string, unknown>, R>(
  name: string,
  build: (db: Db | Tx, rows: Record<string, Placeholder>[]) => { prepare(name: string): PreparedQuery<R> },
) {
  const shapes = new Map<string, ReturnType<typeof preparedStatement<R>>>();
  return (db: Db | Tx, given: readonly Row[]): Promise<R> => {
    if (given.length > PREPARED_ROWS_MAX)
      throw new Error(`${name}: ${given.length} rows, more than a prepared insert takes`);
    const rows = given.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)));
    const shape = rows.map((row) => Object.keys(row).join(',')).join(';');
    let statement = shapes.get(shape);
    if (!statement) {
      const digest = createHash('sha1').update(shape).digest('hex').slice(0, 12);
      statement = preparedStatement(`${name}_${rows.length}_${digest}`, (on) =>
        build(
          on,
          rows.map((row, i) =>
            Object.fromEntries(Object.keys(row).map((key) => [key, sql.placeholder(`${i}_${key}`)])),
          ),
        ),
      );
      shapes.set(shape, statement);
    }
    const values: Record<string, unknown> = {};
    rows.forEach((row, i) => {
      for (const [key, value] of Object.entries(row)) values[`${i}_${key}`] = value;
    });
    return statement(db, values);
  };
}
