import type { Db } from '../../db/client';
import { LoginThrottle } from './login-throttle';
import {
  countLoginFailures,
  deleteLoginFailures,
  lockLoginKeys,
  msUntilNthLatestLapses,
  recordLoginFailures,
  sweepLoginFailures,
} from './login-failure-queries';

/** A key failed logins are counted under (an address, or an account at an address) and how many it may have. */
export interface CountedKey {
  key: string;
  max: number;
  /** A successful login forgives this key's earlier failures (the account's); others only lose this try. */
  forgivenOnSuccess?: boolean;
}

export interface LoginTry {
  /** How long to wait before trying again; 0 when this try may go ahead. */
  waitMs: number;
  /** The password was right: this try is not a failure after all. */
  succeeded(): Promise<void>;
}

/**
 * Failed logins within a window (15 minutes). Each try counts as a failure before the password is checked,
 * so a burst of parallel guesses cannot all slip under a limit; a try refused with a wait is not counted.
 */
export interface LoginFailures {
  attempt(keys: readonly CountedKey[]): Promise<LoginTry>;
  close(): void;
}

export const LOGIN_WINDOW_MS = 15 * 60_000;

/** In this process's memory: the embedded database has one instance, and a restart starts afresh. */
export function loginFailuresInMemory(windowMs = LOGIN_WINDOW_MS): LoginFailures {
  const throttles = new Map<number, LoginThrottle>();
  const throttleFor = (max: number) => {
    let throttle = throttles.get(max);
    if (!throttle)
      throttles.set(max, (throttle = new LoginThrottle({ maxFailures: max, windowMs, maxAddresses: 50_000 })));
    return throttle;
  };
  return {
    async attempt(keys) {
      const waitMs = Math.max(0, ...keys.map((k) => throttleFor(k.max).retryAfterMs(k.key)));
      if (waitMs > 0) return { waitMs, succeeded: async () => {} };
      for (const k of keys) throttleFor(k.max).recordFailure(k.key);
      return {
        waitMs: 0,
        async succeeded() {
          for (const k of keys) {
            if (k.forgivenOnSuccess) throttleFor(k.max).reset(k.key);
            else throttleFor(k.max).forgetLatest(k.key);
          }
        },
      };
    },
    close() {},
  };
}

/** In PostgreSQL: every instance counts the same failures, and a restart forgets none. */
export function loginFailuresInDatabase(db: Db, windowMs = LOGIN_WINDOW_MS): LoginFailures {
  const sweeper = setInterval(() => void sweepLoginFailures(db, windowMs).catch(() => {}), 5 * 60_000);
  sweeper.unref();
  return {
    async attempt(keys) {
      const names = keys.map((k) => k.key);
      const outcome = await db.transaction(async (tx) => {
        await lockLoginKeys(tx, names);
        const counts = await countLoginFailures(tx, names, windowMs);
        const over = keys.filter((k) => (counts.get(k.key) ?? 0) >= k.max);
        if (over.length > 0) {
          const waits = await Promise.all(over.map((k) => msUntilNthLatestLapses(tx, k.key, k.max, windowMs)));
          return { waitMs: Math.max(1_000, ...waits), ids: [] };
        }
        return { waitMs: 0, ids: await recordLoginFailures(tx, names) };
      });
      if (outcome.waitMs > 0) return { waitMs: outcome.waitMs, succeeded: async () => {} };
      return {
        waitMs: 0,
        succeeded: () =>
          deleteLoginFailures(
            db,
            outcome.ids,
            keys.filter((k) => k.forgivenOnSuccess).map((k) => k.key),
          ),
      };
    },
    close() {
      clearInterval(sweeper);
    },
  };
}
