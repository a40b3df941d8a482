import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { projectRoot } from '../lib/project-root';
import type { PgliteAnswer, PgliteAsk, PgliteChannels, PgliteStart } from './pglite-worker';

/** What Drizzle's PGlite driver calls on its client: the statement and the transaction, nothing else. */
export interface PgliteOnThread {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, onNotify: (payload: string) => void): Promise<void>;
  /** The whole data folder, as PGlite's `dumpDataDir` (the test template). */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * How the worker is started: from dist/server/db when bundled (scripts/build/server.ts); from source
 * (tsx, Vitest) its `.ts` file, which Node 22.18 and later run with their types stripped, and earlier
 * Nodes through tsx (a development dependency, there whenever the source runs).
 */
function workerStart(): { file: URL | string; eval?: boolean } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const file = new URL('./pglite-worker.ts', import.meta.url);
    if ((process.features as { typescript?: string }).typescript) return { file };
    // tsx's ESM entry: require.resolve would give its CommonJS one, which cannot register hooks here.
    const tsx = pathToFileURL(
      createRequire(import.meta.url)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
    return {
      file: `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(import.meta.url)}))`,
      eval: true,
    };
  }
  const built = path.join(projectRoot(), 'dist/server/db/pglite-worker.js');
  if (!existsSync(built)) throw new Error(`the database thread's code is missing: ${built} (npm run build:server)`);
  return { file: built };
}

/** The error the worker answered, as an Error with PostgreSQL's fields (code, constraint, detail...) on it. */
function errorOf(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/**
 * Embedded PGlite in its own thread (pglite-worker.ts, decision 073). Statements are posted there and
 * answered in order; a transaction holds PGlite's own lock in that thread until it is ended here, so other
 * statements wait for it exactly as on one in-process PGlite.
 */
export async function startPgliteThread(start: PgliteStart): Promise<PgliteOnThread> {
  const how = workerStart();
  const { port1: now, port2: nowInWorker } = new MessageChannel();
  // [0]: answers on `now` not yet read; [1]: 1 once the thread has ended.
  const answered = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(how.file, {
    eval: how.eval,
    workerData: { ...start, now: nowInWorker, answered } satisfies PgliteStart & PgliteChannels,
    transferList: [nowInWorker],
    stdout: false,
    stderr: false,
  });
  let next = 1;
  let ended: Error | undefined;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let readyOrFailed!: { resolve: () => void; reject: (error: Error) => void };
  const ready = new Promise<void>((resolve, reject) => (readyOrFailed = { resolve, reject }));

  const endAll = (error: Error) => {
    ended ??= error;
    readyOrFailed.reject(error);
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (answer: PgliteAnswer) => {
    if ('ready' in answer) return readyOrFailed.resolve();
    if ('failed' in answer) return endAll(errorOf(answer.failed));
    if ('notice' in answer) {
      for (const onNotify of listeners.get(answer.notice) ?? []) onNotify(answer.payload);
      return;
    }
    const asked = waiting.get(answer.id);
    if (!asked) return;
    waiting.delete(answer.id);
    if (waiting.size === 0) worker.unref();
    if (answer.ok) asked.resolve(answer.value);
    else asked.reject(errorOf(answer.error));
  });
  worker.on('error', (error) => endAll(error));
  worker.on('exit', (code) => endAll(new Error(`the database thread has stopped (exit ${code})`)));

  function ask<T>(
    question: PgliteAsk extends infer A ? (A extends PgliteAsk ? Omit<A, 'id'> : never) : never,
  ): Promise<T> {
    if (ended) return Promise.reject(ended);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      // Only a statement under way keeps the process alive, as with PGlite in the same thread: a command
      // that has done its work ends without closing the database first.
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...question, id } as PgliteAsk);
    });
  }
  /**
   * A statement of an open transaction, answered before this thread goes on. The transaction holds
   * PGlite's lock, so the statement runs at once; were this thread to wait for its answer among the
   * other requests, the lock would be held for as long as those take, and every other order waits on it.
   * Measured: orders 137-147/s so, against 190-229/s in one thread (decision 073).
   */
  function askNow<T>(
    question: PgliteAsk extends infer A ? (A extends PgliteAsk ? Omit<A, 'id'> : never) : never,
  ): Promise<T> {
    if (ended) return Promise.reject(ended);
    const id = next++;
    now.postMessage({ ...question, id } as PgliteAsk);
    for (;;) {
      const got = receiveMessageOnPort(now);
      if (got) {
        Atomics.sub(answered, 0, 1);
        const answer = got.message as PgliteAnswer & { ok: boolean };
        if ('id' in answer && answer.id === id)
          return answer.ok ? Promise.resolve(answer.value as T) : Promise.reject(errorOf(answer.error));
        continue;
      }
      if (Atomics.load(answered, 1) === 1) {
        endAll(new Error('the database thread has stopped'));
        return Promise.reject(ended);
      }
      Atomics.wait(answered, 0, 0, 1_000);
    }
  }
  // Functions (Drizzle's parsers and serializers) cannot cross; the worker sets Drizzle's parsers itself.
  const portable = (options?: QueryOptions) =>
    options && ({ rowMode: options.rowMode, ...(options.blob ? { blob: options.blob } : {}) } as QueryOptions);
  const query = <T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number) =>
    tx === undefined
      ? ask<Results<T>>({ op: 'query', sql, params, options: portable(options) })
      : askNow<Results<T>>({ op: 'query', sql, params, options: portable(options), tx });

  async function runTransaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = await askNow<number>({ op: 'begin' });
    let closed = false;
    const onThisTransaction = {
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => {
        if (closed) return Promise.reject(new Error('this transaction has ended'));
        return query<T>(sql, params, options, tx);
      },
      exec: () => Promise.reject(new Error('exec is not used in a transaction of the shop')),
      rollback: () => Promise.reject(new Error('a transaction is rolled back by throwing')),
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: Awaited<ReturnType<typeof callback>>;
    try {
      result = await callback(onThisTransaction);
    } catch (error) {
      closed = true;
      await askNow({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await askNow({ op: 'end', tx, commit: true });
    return result;
  }

  let turn = Promise.resolve();
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();
  return {
    query: (sql, params, options) => query(sql, params, options),
    async transaction(callback) {
      // The statements asked before it are waited for without stopping this thread (and before its
      // turn, so the transactions behind it do not wait for that answer too); its begin then waits only
      // for those asked meanwhile.
      if (waiting.size > 0) await ask({ op: 'idle' });
      // One transaction at a time, in the order asked, waited for here: begun in the worker only when
      // this thread runs it, so PGlite's lock is never held while an answer waits among the requests.
      let release!: () => void;
      const before = turn;
      turn = new Promise<void>((resolve) => (release = resolve));
      await before;
      try {
        return await runTransaction(callback);
      } finally {
        release();
      }
    },
    async listen(channel, onNotify) {
      let heard = listeners.get(channel);
      if (!heard) {
        heard = new Set();
        listeners.set(channel, heard);
        await ask({ op: 'listen', channel });
      }
      heard.add(onNotify);
    },
    dump: () => ask<Blob>({ op: 'dump' }),
    async close() {
      if (ended) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      await ask({ op: 'close' }).catch(() => {});
      // Kept alive until the thread has ended: PGlite's files are whole when close() resolves.
      worker.ref();
      await exited;
    },
  };
}
