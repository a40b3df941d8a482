import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { BadRequest, Conflict, NotFound, isUniqueViolation } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import type { CurrentUser } from '../../plugins/auth';
import { orderReference } from '../../../shared/order-status';
import { readMobileForNetwork } from '../../../shared/phone-numbers';
import { PAYMENT_METHODS, paysByMobileMoney, type PaymentMethod } from '../../../shared/payment-methods';
import { OWN_FAILURE_REASONS } from '../../../shared/payment-failure';
import { amountDueNgwee, isOrderPaid } from '../../../shared/order-balance';
import { isLiveState, type AttemptState } from '../../../shared/schemas/payments';
import { findPayableOrder, settleOrderPayment } from '../orders';
import { recordAudit } from '../audit';
import { mismatch } from './collection-check';
import { lateReadsAfterEnd, settleLateAttempt } from './late-reads';
import { attemptResolvedEntry } from './payment-audit';
import {
  ProviderError,
  type CollectionProvider,
  type PaymentReading,
  type ProviderName,
} from './providers/collection-provider';
import type { PaymentProviderSettings } from './providers/registry';
import { collectorOf } from './providers/registry';
import {
  attemptsOfOrder,
  claimForCallback,
  findAttempt,
  findAttemptByReference,
  findLiveAttempt,
  insertAttempt,
  lockAttempt,
  oweCallbackRead,
  releaseAttempt,
  resolveEndedAttempt,
  updateLiveAttempt,
  type AttemptRow,
} from './queries';

/** How long an attempt lives and how often the poller reads it (docs/settings.md; tests make it fast). */
export interface PaymentTiming {
  expiryMs: number;
  /** The first read after a request; each later one waits twice as long, up to maxPollMs. */
  firstPollMs: number;
  maxPollMs: number;
  /** How often the poller looks for due attempts. */
  tickMs: number;
  /** How long a poller's claim on an attempt holds (an instance that died frees it after this). */
  leaseMs: number;
  /** The least time between two status reads a callback asks for; callbacks in between owe one read at its end. */
  callbackGapMs: number;
  /** How long an attempt the shop ended is still read for a late approval (docs/decisions/029-late-approvals.md). */
  lateWindowMs: number;
  /** The longest wait between two late reads (they start at maxPollMs and grow with the time since the end). */
  latePollMaxMs: number;
}

// A tick of 250 ms keeps a due read from waiting most of a second (the bench's poll-only case, decision 012).
export const DEFAULT_PAYMENT_TIMING: PaymentTiming = {
  expiryMs: 5 * 60_000,
  firstPollMs: 3_000,
  maxPollMs: 30_000,
  tickMs: 250,
  leaseMs: 60_000,
  callbackGapMs: 3_000,
  lateWindowMs: 24 * 3_600_000,
  latePollMaxMs: 3_600_000,
};

export interface ConfiguredProvider {
  client: CollectionProvider;
  /** The currency this provider is asked to collect in (the MTN sandbox takes only EUR). */
  currency: string;
}

export interface Payments {
  app: FastifyInstance;
  /** Which provider collects which method (providers/registry.ts) is read from these. */
  settings: PaymentProviderSettings;
  /** The methods checkout offers (fixed at start): placing an order checks its method against it. */
  offered: readonly PaymentMethod[];
  /** The configured providers' clients, by provider id. */
  providers: Partial<Record<ProviderName, ConfiguredProvider>>;
  timing: PaymentTiming;
  log: FastifyBaseLogger;
}

/** The configured provider that collects a method now, with its id, or null (paid by hand). */
export function collectorFor(payments: Payments, method: string) {
  const entry = collectorOf(method, payments.settings);
  const configured = entry && payments.providers[entry.id];
  return entry && configured ? { id: entry.id, ...configured } : null;
}

/** The methods a provider collects, in the checkout's order. */
export const automaticMethods = (payments: Payments): PaymentMethod[] =>
  PAYMENT_METHODS.filter((method) => collectorFor(payments, method));

export const NOT_AVAILABLE = 'Mobile money payment is not available; pay manually';
export const CARD_NOT_AVAILABLE = 'Card payment is not available here; we send you a payment link';
export const isLiveAttempt = (attempt: AttemptRow) => isLiveState(attempt.state as AttemptState);

/**
 * POST /orders/{id}/payments: the owner asks for the order's total from a phone of the order's network.
 * A start while an attempt is live joins it (created: false). The row is written before the provider is
 * asked, so a crash or timeout in between leaves an attempt the poller finishes, never a lost request.
 */
export async function startAttempt(payments: Payments, viewer: CurrentUser, orderId: string, phoneInput: string) {
  const { app } = payments;
  const order = await findPayableOrder(app.db, orderId);
  if (!order || order.userId !== viewer.id) throw NotFound('Order not found');
  if (isOrderPaid(order)) throw Conflict('This order has already been paid');
  if (order.status === 'Cancelled') throw Conflict('A cancelled order cannot be paid');
  const method = order.paymentMethod;
  // A card is paid in the provider's widget (Lenco): the attempt is only our reference, read until final.
  const card = method === 'creditCard';
  if (!card && !paysByMobileMoney(method)) throw Conflict('This order is not paid by mobile money');
  const provider = collectorFor(payments, method);
  if (!provider) throw Conflict(card ? CARD_NOT_AVAILABLE : NOT_AVAILABLE);
  const live = await findLiveAttempt(app.db, order.id);
  if (live) return { attempt: live, created: false };
  const phone = card ? null : readMobileForNetwork(phoneInput, method);
  if (phone && !phone.ok) throw BadRequest(phone.message);
  // A paid order asks for the balance an edit left on it (docs/decisions/070-order-edits.md), else its total.
  const amountNgwee = amountDueNgwee(order);
  if (amountNgwee <= 0) throw Conflict('This order has nothing to pay');

  let attempt: AttemptRow;
  try {
    attempt = await insertAttempt(app.db, {
      orderId: order.id,
      provider: provider.id,
      reference: randomUUID(),
      phone: phone?.ok ? phone.mobile.e164 : '',
      amountNgwee,
      currency: provider.currency,
      // The widget asks Lenco itself: nothing for us to send, so the attempt waits for its read at once.
      state: card ? 'pending' : 'initiated',
      nextPollAt: new Date(Date.now() + payments.timing.firstPollMs),
      expiresAt: new Date(Date.now() + payments.timing.expiryMs),
    });
  } catch (error) {
    // Two starts at once: the partial unique index lets one through; the other joins it.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findLiveAttempt(app.db, order.id);
    if (winner) return { attempt: winner, created: false };
    throw Conflict('Another payment of this order just ended; try again');
  }
  if (!card) await askProvider(payments, provider.client, attempt, order.id);
  return { attempt: (await findAttemptByReference(app.db, attempt.reference)) ?? attempt, created: true };
}

/** Sends the request; a failure that may be temporary leaves the attempt initiated for the poller. */
async function askProvider(
  payments: Payments,
  client: CollectionProvider,
  attempt: AttemptRow,
  orderId: string,
): Promise<void> {
  // The first read counts from the moment the request leaves: the phone cannot be prompted earlier, and
  // on a busy instance (PGlite's transactions still hold the server's thread, decision 073) the answer is
  // handled late.
  const sentAt = Date.now();
  try {
    await client.requestPayment({
      reference: attempt.reference,
      phone: attempt.phone,
      amountNgwee: attempt.amountNgwee,
      currency: attempt.currency,
      orderNumber: orderReference(orderId),
    });
    await updateLiveAttempt(payments.app.db, attempt.id, {
      state: 'pending',
      nextPollAt: new Date(sentAt + payments.timing.firstPollMs),
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === 'duplicate') await updateLiveAttempt(payments.app.db, attempt.id, { state: 'pending' });
    else if (!error.retryable)
      await updateLiveAttempt(payments.app.db, attempt.id, { state: 'failed', failureReason: error.message });
    else
      payments.log.warn(
        { attempt: attempt.id, kind: error.kind },
        'payment request not confirmed; the poller reads it again',
      );
  }
}

/** GET /orders/{id}/payments: the owner or an admin; anyone else is told the order does not exist. */
export async function attemptsFor(payments: Payments, viewer: CurrentUser, orderId: string): Promise<AttemptRow[]> {
  const order = await findPayableOrder(payments.app.db, orderId);
  if (!order || (!viewer.isAdmin && order.userId !== viewer.id)) throw NotFound('Order not found');
  return attemptsOfOrder(payments.app.db, order.id);
}

/**
 * PUT /payments/{id}/resolve (admin): the admin records what was done about an attempt that needed a
 * person (a refund of a flagged payment, an order given up on), with their name and the time. Only an
 * ended attempt, once: a live one is still the poller's, and a successful one that paid its order has
 * nothing to settle.
 */
export async function resolveAttempt(
  payments: Payments,
  viewer: CurrentUser,
  attemptId: string,
  note: string,
): Promise<AttemptRow> {
  const db = payments.app.db;
  const found = isUuid(attemptId) ? await findAttempt(db, attemptId) : null;
  if (!found) throw NotFound('Payment not found');
  refuseResolving(found);
  const resolved = await db.transaction(async (tx) => {
    const row = await resolveEndedAttempt(tx, found.id, { by: { id: viewer.id, name: viewer.name }, note });
    if (row) await recordAudit(tx, viewer, attemptResolvedEntry(row));
    return row;
  });
  if (resolved) return resolved;
  // The update took nothing: the attempt changed since it was read (settled by the poller, or dealt with).
  const now = await findAttempt(db, found.id);
  if (now) refuseResolving(now);
  throw Conflict('This payment is still in progress: the shop is still asking the provider for its outcome');
}

/** Why an attempt cannot be dealt with now, as the 409 to answer (the update's own condition says the same in SQL). */
function refuseResolving(attempt: AttemptRow): void {
  if (attempt.resolvedAt)
    throw Conflict(`This payment was already dealt with by ${attempt.resolvedByName ?? 'another admin'}`);
  if (attempt.state === 'successful' && !attempt.flagged)
    throw Conflict('This payment paid its order: there is nothing to settle');
}

/**
 * A callback names a reference: read that attempt's status now, unless a read is in flight or the last
 * callback's read was less than callbackGapMs ago; then one read is owed at the gap's end (the poller
 * makes it), so a burst of forged callbacks costs a read per gap and a real one is only coalesced.
 * Unknown or ended references do nothing.
 */
export async function settleByCallback(payments: Payments, providerName: ProviderName, body: unknown): Promise<void> {
  const provider = payments.providers[providerName];
  const reference = provider?.client.referenceInCallback(body);
  if (!reference) return;
  await readOnHint(payments, providerName, reference);
}

/**
 * POST /orders/{id}/payments/read: the card widget said it finished (its onSuccess), a hint like a
 * callback: the owner's live attempt (or one still read late) is read now under the same gap and lease.
 * Answers the order's attempts as they are after the read.
 */
export async function readAfterWidget(payments: Payments, viewer: CurrentUser, orderId: string) {
  const order = await findPayableOrder(payments.app.db, orderId);
  if (!order || order.userId !== viewer.id) throw NotFound('Order not found');
  const [latest] = await attemptsOfOrder(payments.app.db, order.id);
  if (!latest) throw Conflict('There is no payment of this order to check');
  await readOnHint(payments, latest.provider as ProviderName, latest.reference);
  return (await findAttemptByReference(payments.app.db, latest.reference)) ?? latest;
}

async function readOnHint(payments: Payments, providerName: ProviderName, reference: string): Promise<void> {
  const db = payments.app.db;
  const found = await findAttemptByReference(db, reference);
  // An attempt the shop ended is still read while its late window lasts: the callback may be a late approval.
  if (!found || found.provider !== providerName || !(isLiveAttempt(found) || found.lateReadsUntil)) return;
  const { leaseMs, callbackGapMs, firstPollMs } = payments.timing;
  const attempt = await claimForCallback(db, found.id, leaseMs, callbackGapMs);
  if (!attempt) return oweCallbackRead(db, found.id);
  let next: Date | null;
  try {
    next = await settleAttempt(payments, attempt);
  } catch (error) {
    await releaseAttempt(db, attempt.id, new Date(Date.now() + firstPollMs));
    throw error;
  }
  if (next) await releaseAttempt(db, attempt.id, next);
}

/**
 * Reads the provider's word on a claimed attempt and moves it on. Answers when to read it next while it
 * stays live (null once it ended). Only a status read decides: successful for exactly the order's total
 * in the order's currency pays the order (once); anything else successful is flagged for an admin. An
 * attempt the shop ended is read on the late schedule (late-reads.ts).
 */
export async function settleAttempt(payments: Payments, attempt: AttemptRow): Promise<Date | null> {
  if (!isLiveAttempt(attempt)) return settleLateAttempt(payments, attempt);
  const provider = payments.providers[attempt.provider as ProviderName];
  const db = payments.app.db;
  const expired = Date.now() >= attempt.expiresAt.getTime();
  // The shop ends it, not the provider: the prompt may still be approved, so it is read late (decision 029).
  const endsLive = lateReadsAfterEnd(payments.timing);
  if (!provider) {
    if (expired)
      await updateLiveAttempt(db, attempt.id, { state: 'expired', failureReason: NOT_AVAILABLE, ...endsLive });
    return expired ? null : nextPoll(payments, attempt);
  }
  let reading: PaymentReading;
  try {
    reading = await provider.client.readPayment(attempt.reference);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (expired) {
      await updateLiveAttempt(db, attempt.id, {
        state: 'expired',
        failureReason: `${OWN_FAILURE_REASONS.noAnswer}: ${error.message}`,
        ...endsLive,
      });
      return null;
    }
    // An initiated attempt the provider never received (a 500 or a timeout on the request): ask again
    // with the same reference, which the provider refuses as a duplicate if the first did arrive.
    if (error.kind === 'not-found' && attempt.state === 'initiated')
      await askProvider(payments, provider.client, attempt, attempt.orderId);
    return nextPoll(payments, attempt);
  }
  if (reading.state === 'failed') {
    await updateLiveAttempt(db, attempt.id, {
      state: 'failed',
      failureReason: reading.reason ?? 'The payment failed',
      providerTransactionId: reading.providerTransactionId,
    });
    return null;
  }
  if (reading.state === 'pending') {
    if (expired) {
      await updateLiveAttempt(db, attempt.id, {
        state: 'expired',
        failureReason: OWN_FAILURE_REASONS.notApprovedInTime,
        ...endsLive,
      });
      return null;
    }
    if (attempt.state === 'initiated') await updateLiveAttempt(db, attempt.id, { state: 'pending' });
    return nextPoll(payments, attempt);
  }
  await settleOrderPayment(payments.app, attempt.orderId, async (tx, order) => {
    const current = await lockAttempt(tx, attempt.id);
    if (!current || !isLiveAttempt(current)) return { pay: null, result: null };
    const problem = mismatch(current, reading, order);
    const change = {
      state: 'successful',
      providerTransactionId: reading.providerTransactionId,
      collectedAt: new Date(),
    } as const;
    if (problem) {
      await updateLiveAttempt(tx, current.id, { ...change, flagged: true, flagNote: problem });
      payments.log.warn({ attempt: current.id, problem }, 'payment flagged for an admin');
      return { pay: null, result: null };
    }
    await updateLiveAttempt(tx, current.id, change);
    return {
      pay: {
        provider: current.provider,
        reference: current.reference,
        providerTransactionId: reading.providerTransactionId,
      },
      result: null,
    };
  });
  return null;
}

function nextPoll(payments: Payments, attempt: AttemptRow): Date {
  const { firstPollMs, maxPollMs } = payments.timing;
  const wait = Math.min(firstPollMs * 2 ** Math.min(attempt.pollCount, 20), maxPollMs);
  return new Date(Math.min(Date.now() + wait, Math.max(attempt.expiresAt.getTime(), Date.now())));
}
