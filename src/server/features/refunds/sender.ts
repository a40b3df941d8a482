import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { orderReference } from '../../../shared/order-status';
import {
  ProviderError,
  refundProvidersFor,
  type ProviderRefundRoute,
  type RefundProvider,
  type RefundReading,
} from '../payments';
import { inRefundTransaction, SHOP_REFUND_ACTOR } from './deps';
import type { RefundRow } from './queries';
import {
  claimDueRefunds,
  markAccepted,
  markSent,
  markSentAgain,
  releaseRefund,
  type DueRefund,
} from './sender-queries';
import { settleRefund, type RefundOutcome } from './settle';

export interface RefundSendTiming {
  /** How often to look for due refunds. */
  tickMs: number;
  /** The first read after a send. */
  firstReadMs: number;
  /** Reads wait as long as the refund has been on its way, up to this. */
  maxReadMs: number;
  /** Held while one refund is sent or read: above two provider timeouts (a token and the call). */
  leaseMs: number;
}

interface SenderDeps {
  app: FastifyInstance;
  providers: Partial<Record<ProviderRefundRoute, RefundProvider>>;
  timing: RefundSendTiming;
  log: FastifyBaseLogger;
}

const BATCH = 20;

/**
 * Sends approved refunds and reads sent ones until the provider gives its final word
 * (docs/decisions/032-refunds-sent-once.md). The poller's shape (payments/poller.ts), not the delivery
 * line's (decision 028): a refund is read again at a time of its own, which the line (wake and sweep) has
 * no notion of. Each instance runs one; a refund is claimed under SKIP LOCKED with a lease, so one
 * instance at a time handles it, and every fact is in its row, so a kill -9 loses nothing.
 */
export function createRefundSender({ app, providers, timing, log }: SenderDeps) {
  const routes = Object.keys(providers);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

  const readAgainAt = (refund: RefundRow) => {
    // From a fixed moment (not the last release), so a provider down for hours is asked less and less often.
    const onItsWayMs = Date.now() - (refund.acceptedAt ?? refund.approvedAt ?? refund.createdAt).getTime();
    return new Date(Date.now() + Math.min(timing.maxReadMs, Math.max(timing.firstReadMs, onItsWayMs)));
  };

  /** Ends the refund with the provider's final word; null: nothing to release (ending cleared the lease). */
  async function settle(refund: RefundRow, reading: RefundReading): Promise<Date | null> {
    if (reading.state === 'pending') return readAgainAt(refund);
    const outcome: RefundOutcome =
      reading.state === 'successful'
        ? { state: 'successful', providerTransactionId: reading.providerTransactionId }
        : { state: 'failed', reason: reading.reason ?? 'The provider did not say why' };
    await inRefundTransaction(app, SHOP_REFUND_ACTOR, (deps, tx) => settleRefund(deps, tx, refund.id, outcome));
    return null;
  }

  /** One send with the stored reference; the row is already `sent` (committed) when this starts. */
  async function send(provider: RefundProvider, refund: RefundRow, due: DueRefund): Promise<Date | null> {
    let reading: RefundReading;
    try {
      reading = await provider.sendRefund({
        reference: refund.reference,
        phone: refund.phone ?? '',
        amountNgwee: refund.amountNgwee,
        currency: refund.currency,
        collectionReference: due.collectionReference ?? '',
        orderNumber: orderReference(refund.orderId),
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // Refused: the provider took nothing, so the refund failed and a new one can be asked for.
      if (error.kind === 'refused')
        return settle(refund, { state: 'failed', providerTransactionId: null, reason: error.message });
      // Anything else (timeout, 5xx, credentials): it may or may not have arrived; the read tells, and sends again if it did not.
      log.warn(
        { refund: refund.id, kind: error.kind, err: error.message },
        'refund send not confirmed; it is read again',
      );
      return new Date(Date.now() + timing.firstReadMs);
    }
    await markAccepted(app.db, refund.id);
    return settle({ ...refund, acceptedAt: refund.acceptedAt ?? new Date() }, reading);
  }

  async function handle(due: DueRefund): Promise<Date | null> {
    const { refund } = due;
    const provider = providers[refund.route as ProviderRefundRoute]!;
    if (refund.state === 'approved') {
      const sent = await markSent(app.db, refund.id);
      return sent ? send(provider, sent, due) : null;
    }
    let reading: RefundReading;
    try {
      reading = await provider.readRefund(refund.reference);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== 'not-found') throw error;
      // Never arrived (a crash between the commit and the send, or a send lost on the way): the same
      // reference again, so if it did arrive after all the provider refuses it as a duplicate.
      if (!refund.acceptedAt && (await markSentAgain(app.db, refund.id))) return send(provider, refund, due);
      log.warn({ refund: refund.id }, 'the provider took this refund but does not find it now; read again');
      return readAgainAt(refund);
    }
    return settle(refund, reading);
  }

  async function sendOnce(): Promise<number> {
    const claimed = await claimDueRefunds(app.db, routes, BATCH, timing.leaseMs);
    await Promise.all(
      claimed.map(async (due) => {
        let next: Date | null;
        try {
          next = await handle(due);
        } catch (error) {
          log.error({ err: error, refund: due.refund.id }, 'refund send or read failed');
          next = readAgainAt(due.refund);
        }
        if (next) await releaseRefund(app.db, due.refund.id, next);
      }),
    );
    return claimed.length;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sendOnce()
        .catch((error) => log.error({ err: error }, 'refund sender failed'))
        .then((count) => schedule(count === BATCH ? 0 : timing.tickMs))
        .finally(() => {
          running = null;
        }) as Promise<void>;
    }, delay);
    timer.unref?.();
  }

  return {
    sendOnce,
    start() {
      if (!stopped || routes.length === 0) return;
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

export type RefundSender = ReturnType<typeof createRefundSender>;

/**
 * The refunds plugin calls this once: the sender runs from ready to close with the refund clients the
 * settings turn on (none: refunds are recorded by hand and nothing runs), on the payments' read timing.
 */
export function startRefundSender(app: FastifyInstance): RefundSender {
  const payments = app.payments.timing;
  const sender = createRefundSender({
    app,
    providers: refundProvidersFor(app.config.paymentProviders),
    // A look every second by default (the poller's tick is 250 ms: refunds are rarer and less urgent);
    // reads wait as long as the refund has been on its way, up to an hour, as late reads do (decision 029).
    timing: {
      tickMs: payments.tickMs * 4,
      firstReadMs: payments.firstPollMs,
      maxReadMs: payments.latePollMaxMs,
      leaseMs: payments.leaseMs,
    },
    log: app.log.child({ feature: 'refunds' }),
  });
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
  return sender;
}
