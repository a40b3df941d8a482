import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db, Tx } from '../../db/client';
import { countHit, countHitWithin, readHits, sweepEndedWindows, type Hits } from './queries';

export type { Hits };

/**
 * A limit of the shop's own rules (not a route's): counts one use of `key` if fewer than `max` were
 * counted in its window, atomically, on every database; null, with the time left, when it is full.
 * Shares the route limits' table and its sweep (PostgreSQL).
 */
export async function takeLimitedUse(
  db: Db | Tx,
  key: string,
  windowMs: number,
  max: number,
): Promise<{ taken: true } | { taken: false; waitMs: number }> {
  if (await countHitWithin(db, key, windowMs, max)) return { taken: true };
  // now() is the transaction's start: a request that waited behind the one that opened the window reads
  // a little more than the window left ("61 minutes" of a 60-minute window). Never more than the window.
  return { taken: false, waitMs: Math.min(windowMs, (await readHits(db, key, windowMs)).ttlMs) };
}

const swept = new WeakSet<object>();

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The store @fastify/rate-limit keeps its counts in: on PostgreSQL a table every instance shares (a
 * restart forgets nothing), on the embedded database the plugin's own memory (undefined). Each route's
 * limit counts under its own method and path.
 */
export function sharedRateLimitStore(app: FastifyInstance): FastifyRateLimitStoreCtor | undefined {
  if (app.database.kind !== 'postgres') return undefined;
  const db = app.db;
  // Several routes' plugins ask for a store; one sweep per database does for all of them.
  if (!swept.has(db)) {
    swept.add(db);
    const sweeper = setInterval(() => void sweepEndedWindows(db).catch(() => {}), 5 * 60_000);
    sweeper.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweeper);
      swept.delete(db);
    });
  }
  const answer = (done: Done) =>
    [(hits: Hits) => done(null, { current: hits.current, ttl: hits.ttlMs }), (error: Error) => done(error)] as const;

  /** What the plugin passes a route's store: its merged options, with the route under `routeInfo`. */
  type RouteGiven = { routeInfo?: { method?: string | string[]; url?: string } };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(options: RouteGiven = {}) {
      const route = options.routeInfo;
      this.prefix = route?.url ? `${[route.method].flat().join(',')} ${route.url} ` : '';
    }
    incr(key: string, done: Done, timeWindow: number) {
      void countHit(db, this.prefix + key, timeWindow).then(...answer(done));
    }
    read(key: string, done: Done, timeWindow: number) {
      void readHits(db, this.prefix + key, timeWindow).then(...answer(done));
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new PostgresRateLimitStore(routeOptions as unknown as RouteGiven);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
