import { createDeliveryLine } from '../../lib/delivery-line';
import { claimDueAttempts, releaseAttempt } from './queries';
import { settleAttempt, type Payments } from './service';

const BATCH = 50;

/**
 * Reads attempts whose poll is due (live ones, and ended ones still read for a late approval), so a lost
 * callback costs one poll interval, not a stuck order. Everything it needs is in the rows (next poll time,
 * lease, expiry), so it carries on after a restart, and several instances on one PostgreSQL share the
 * work: a claim is a conditional lease update under SKIP LOCKED that also takes lapsed leases, so one
 * attempt is read by one instance at a time and the order's paid flag changes once. It runs on the shared
 * delivery line (decision 028): the line's sweep is the poller's tick.
 */
export function createPaymentPoller(payments: Payments) {
  const line = createDeliveryLine({
    name: 'payment',
    log: payments.log,
    sweepMs: payments.timing.tickMs,
    claim: () => claimDueAttempts(payments.app.db, BATCH, payments.timing.leaseMs, payments.timing.callbackGapMs),
    startRun: () => async (claimed) => {
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
      return true;
    },
  });
  return { start: () => line.start(), stop: () => line.close() };
}

export type PaymentPoller = ReturnType<typeof createPaymentPoller>;
