import { settleOrderPayment } from '../orders';
import { recordAudit } from '../audit';
import { amountText, collectedAmount, mismatch } from './collection-check';
import { lateCollectionEntry } from './payment-audit';
import { ProviderError, type PaymentReading, type ProviderName } from './providers/collection-provider';
import { endLateReads, lockAttempt, recordLateCollection, type AttemptRow } from './queries';
import type { PaymentTiming, Payments } from './service';

/**
 * Late approvals (docs/decisions/029-late-approvals.md). When the shop ends an attempt without the
 * provider's final word (expiry, the order cancelled), the prompt may still be on the shopper's phone
 * and approved minutes later: the provider then collects. So the attempt is still read, more slowly,
 * through the same claim and lease as live ones, until the provider gives a final state or the window
 * ends; a success found so is recorded, paying the order when it still can, flagged "refund due" when not.
 */

/** What the shop writes when it ends an attempt itself: read late until the window ends, first after one slow poll. */
export function lateReadsAfterEnd(timing: PaymentTiming, now = Date.now()): { lateReadsUntil: Date; nextPollAt: Date } {
  const until = now + timing.lateWindowMs;
  return { lateReadsUntil: new Date(until), nextPollAt: new Date(Math.min(now + timing.maxPollMs, until)) };
}

/** Who records a late collection in the audit trail: the shop itself, no admin. */
const PAYMENTS_ACTOR = { id: null, name: 'Shop (mobile money)' };

/** Reads an ended attempt still in its late window; answers its next read, or null when the reads are over. */
export async function settleLateAttempt(payments: Payments, attempt: AttemptRow): Promise<Date | null> {
  const db = payments.app.db;
  const until = attempt.lateReadsUntil;
  const over = !until || Date.now() >= until.getTime();
  const stop = async () => {
    await endLateReads(db, attempt.id);
    return null;
  };
  const provider = payments.providers[attempt.provider as ProviderName];
  if (!provider) return over ? stop() : nextLateRead(payments, attempt);
  let reading: PaymentReading;
  try {
    reading = await provider.client.readPayment(attempt.reference);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // Not found: the provider never took the request, so nothing can be collected on it.
    if (over || error.kind === 'not-found') return stop();
    return nextLateRead(payments, attempt);
  }
  if (reading.state === 'failed') return stop();
  if (reading.state === 'pending') return over ? stop() : nextLateRead(payments, attempt);
  await recordLateSuccess(payments, attempt, reading);
  // Recorded, or found recorded by another reader: either way the reads are over and the claim is given back.
  return stop();
}

/**
 * Under the order's lock (as a live success, an admin's mark and a cancellation), the attempt is taken
 * once by a conditional update; it pays the order through markOrderPaid only when the order is unpaid,
 * not cancelled, and the amount is exactly its total. Otherwise the money is owed back: flagged.
 */
async function recordLateSuccess(payments: Payments, attempt: AttemptRow, reading: PaymentReading): Promise<void> {
  await settleOrderPayment(payments.app, attempt.orderId, async (tx, order) => {
    const nothing = { pay: null, result: null };
    const current = await lockAttempt(tx, attempt.id);
    if (!current || !current.lateReadsUntil || current.collectedAt) return nothing;
    const problem = mismatch(current, reading, order);
    const { amountNgwee, currency } = collectedAmount(current, reading);
    const flagNote = problem
      ? `Collected ${amountText(amountNgwee, currency)} after the attempt ended: refund due. ${problem}`
      : null;
    const recorded = await recordLateCollection(tx, current.id, {
      providerTransactionId: reading.providerTransactionId,
      flagNote,
    });
    if (!recorded) return nothing;
    await recordAudit(tx, PAYMENTS_ACTOR, lateCollectionEntry(current, recorded, amountNgwee, currency));
    if (problem) {
      payments.log.warn({ attempt: current.id, problem }, 'payment collected after its attempt ended: refund due');
      return nothing;
    }
    return {
      pay: {
        provider: current.provider,
        reference: current.reference,
        providerTransactionId: reading.providerTransactionId,
      },
      result: null,
    };
  });
}

/** Late reads start at the longest live interval and wait longer the longer ago the attempt ended, never past the window. */
function nextLateRead(payments: Payments, attempt: AttemptRow): Date {
  const { maxPollMs, latePollMaxMs } = payments.timing;
  const now = Date.now();
  const sinceEnd = now - (attempt.endedAt?.getTime() ?? now);
  const wait = Math.min(Math.max(sinceEnd, maxPollMs), latePollMaxMs);
  return new Date(Math.min(now + wait, attempt.lateReadsUntil?.getTime() ?? now));
}
