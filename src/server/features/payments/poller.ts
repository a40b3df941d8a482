import { claimDueAttempts, releaseAttempt } from './queries';
import { settleAttempt, type Payments } from './service';

const BATCH = 50;

/**
 * Reads live attempts whose poll is due, so a lost callback costs one poll interval, not a stuck order.
 * Everything it needs is in the rows (next poll time, lease, expiry), so it carries on after a restart,
 * and several instances on one PostgreSQL share the work: a claim is a conditional lease update under
 * SKIP LOCKED, so one attempt is read by one instance at a time, and the order's paid flag changes once.
 */
export function createPaymentPoller(payments: Payments) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

  async function pollOnce(): Promise<number> {
    const claimed = await claimDueAttempts(payments.app.db, BATCH, payments.timing.leaseMs, payments.timing.callbackGapMs);
    await Promise.all(
      claimed.map(async (attempt) => {
        let next: Date | null;
        try {
          next = await settleAttempt(payments, attempt);
        } catch (error) {
          payments.log.error({ err: error, attempt: attempt.id }, 'payment poll failed');
          next = new Date(Date.now() + payments.timing.firstPollMs);
        }
        // Ending an attempt cleared its lease in the same update; a live one is given back with its next
        // poll time (one write fewer per settled attempt, which counts on PGlite's single connection).
        if (next) await releaseAttempt(payments.app.db, attempt.id, next);
      }),
    );
    return claimed.length;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pollOnce()
        .catch((error) => payments.log.error({ err: error }, 'payment poller failed'))
        .then((count) => schedule(count === BATCH ? 0 : payments.timing.tickMs))
        .finally(() => {
          running = null;
        }) as Promise<void>;
    }, delay);
    timer.unref?.();
  }

  return {
    pollOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type PaymentPoller = ReturnType<typeof createPaymentPoller>;
