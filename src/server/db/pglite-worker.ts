/**
 * The embedded database's own thread (decision 073): it owns PGlite and runs each statement the server's
 * thread posts, so the server goes on reading sockets while PostgreSQL's WebAssembly works.
 *
 * Started by pglite-thread.ts. Node runs this file as it is (types stripped), so it imports packages only.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export interface PgliteStart {
  dataDir?: string;
  loadDataDir?: Blob;
  buffersMb?: number;
}

/** Set by pglite-thread.ts: the port of a transaction's statements, and the count of its answers not yet read. */
export interface PgliteChannels {
  now: MessagePort;
  answered: Int32Array;
}

/** What the server's thread asks; `tx` names the open transaction a statement belongs to. */
export type PgliteAsk =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; options?: QueryOptions; tx?: number }
  | { id: number; op: 'idle' }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

export type PgliteAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { notice: string; payload: string }
  | { ready: true }
  | { failed: Record<string, unknown> };

/** Drizzle keeps dates, timestamps, intervals and their arrays as text (pglite-thread.test.ts). */
const KEPT_AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

/** An error as plain fields: PostgreSQL's code, constraint and detail cross the thread, which an Error's own would not. */
function plainError(error: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = { message: String((error as Error)?.message ?? error) };
  if (error && typeof error === 'object')
    for (const [key, value] of Object.entries(error))
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return fields;
}

const port = parentPort!;
const post = (answer: PgliteAnswer) => port.postMessage(answer);
const { now, answered, ...start } = workerData as PgliteStart & PgliteChannels;
/** An answer the server's thread waits for without leaving its statement (pglite-thread.ts). */
function postNow(answer: PgliteAnswer) {
  now.postMessage(answer);
  Atomics.add(answered, 0, 1);
  Atomics.notify(answered, 0);
}
// A thread that ends wakes a server's thread that waits for it, which then sees it gone.
process.on('exit', () => {
  Atomics.store(answered, 1, 1);
  Atomics.notify(answered, 0);
});

class Rollback extends Error {}

async function serve() {
  const client = await PGlite.create({
    dataDir: start.dataDir,
    ...(start.loadDataDir && !start.dataDir ? { loadDataDir: start.loadDataDir } : {}),
    extensions: { pg_trgm },
    // On the command line, not in postgresql.conf, which PGlite would overwrite whole.
    ...(start.buffersMb
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${start.buffersMb}MB`] }
      : {}),
  });
  // Set after the client is ready: its start fills the array parsers, which would replace these.
  const asText = (value: string) => value;
  for (const oid of KEPT_AS_TEXT) client.parsers[oid] = asText;

  /** Each open transaction, by the id of its begin: its statements' client, and its end (commit or not). */
  const open = new Map<number, { tx: Transaction; end: (commit: boolean) => Promise<void> }>();
  let lastQueued: Promise<unknown> = Promise.resolve();

  const answer = (send: (answer: PgliteAnswer) => void) => (ask: PgliteAsk) => {
    const reply = (work: Promise<unknown>) =>
      work.then(
        (value) => send({ id: ask.id, ok: true, value }),
        (error: unknown) => send({ id: ask.id, ok: false, error: plainError(error) }),
      );
    switch (ask.op) {
      case 'query': {
        const on = ask.tx === undefined ? client : open.get(ask.tx)?.tx;
        if (!on) return void reply(Promise.reject(new Error('this transaction has ended')));
        // The options as the server's thread sent them (row mode, a COPY blob); Drizzle's parsers are set once above.
        const work = on.query(ask.sql, ask.params, ask.options).then(({ rows, affectedRows, fields, blob }) => ({
          rows,
          affectedRows,
          fields,
          blob,
        }));
        if (on === client)
          lastQueued = work.then(
            () => undefined,
            () => undefined,
          );
        return void reply(work);
      }
      // Answered once every statement asked before it has run (PGlite runs them in turn): a transaction
      // asks it first, so its begin does not wait for them with the server's thread stopped.
      case 'idle':
        return void reply(lastQueued.then(() => undefined));
      case 'begin': {
        let began!: (tx: Transaction) => void;
        const ready = new Promise<Transaction>((resolve) => (began = resolve));
        let end!: (commit: boolean) => void;
        // Its answer is the commit or rollback, sent when the server's thread ends it; a failed begin rejects.
        const done = client.transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              end = (commit) => (commit ? resolve() : reject(new Rollback()));
              began(tx);
            }),
        );
        const opened = ready.then((tx) => {
          open.set(ask.id, {
            tx,
            end(commit) {
              end(commit);
              return done.catch((error: unknown) => (error instanceof Rollback ? undefined : Promise.reject(error)));
            },
          });
          return ask.id;
        });
        return void reply(Promise.race([opened, done.then(() => ask.id)]));
      }
      case 'end': {
        const transaction = open.get(ask.tx);
        open.delete(ask.tx);
        if (!transaction) return void reply(Promise.reject(new Error('this transaction has ended')));
        return void reply(transaction.end(ask.commit));
      }
      case 'listen':
        return void reply(
          client.listen(ask.channel, (payload) => post({ notice: ask.channel, payload })).then(() => undefined),
        );
      case 'dump':
        return void reply(client.dumpDataDir('none'));
      case 'close':
        return void reply(client.close()).then(() => process.exit(0));
    }
  };
  port.on('message', answer(post));
  now.on('message', answer(postNow));
  post({ ready: true });
}

serve().catch((error: unknown) => post({ failed: plainError(error) }));
