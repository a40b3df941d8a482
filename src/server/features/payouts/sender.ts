import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { monthNameOf, type ProviderPayoutRoute } from '../../../shared/payouts';
import type { MobileNetwork } from '../../../shared/phone-numbers';
import { ProviderError, payoutProvidersFor, type PayoutProvider, type PayoutReading } from '../payments';
import { getShopSettings } from '../settings';
import { findRun, type PayoutRow } from './queries';
import {
  claimDuePayouts,
  markAccepted,
  markSent,
  markSentAgain,
  releasePayout,
  type DuePayout,
} from './sender-queries';
import { settlePayout, SHOP_PAYOUT_ACTOR, type PayoutOutcome } from './settle';

export interface PayoutSendTiming {
  /** How often to look for due payouts. */
  tickMs: number;
  /** The first read after a send. */
  firstReadMs: number;
  /** Reads wait as long as the payout has been on its way, up to this. */
  maxReadMs: number;
  /** Held while one payout is sent or read: above two provider timeouts (a token and the call). */
  leaseMs: number;
}

interface SenderDeps {
  app: FastifyInstance;
  providers: Partial<Record<ProviderPayoutRoute, PayoutProvider>>;
  timing: PayoutSendTiming;
  log: FastifyBaseLogger;
}

const BATCH = 20;

/**
 * Sends approved payouts and reads sent ones until the provider gives its final word
 * (docs/decisions/064-member-payouts.md), the refund sender's way (decision 032): each instance runs one;
 * a payout is claimed under SKIP LOCKED with a lease; `sent` and send_count + 1 are committed before each
 * request; "not found" before the provider accepted it means it never arrived, and the same reference goes
 * again; never failed on our clock.
 */
export function createPayoutSender({ app, providers, timing, log }: SenderDeps) {
  const routes = Object.keys(providers);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

  const readAgainAt = (payout: DuePayout) => {
    // From a fixed moment (not the last release), so a provider down for hours is asked less and less often.
    const onItsWayMs = Date.now() - (payout.acceptedAt ?? payout.approvedAt ?? payout.createdAt).getTime();
    return new Date(Date.now() + Math.min(timing.maxReadMs, Math.max(timing.firstReadMs, onItsWayMs)));
  };

  /** Ends the payout with the provider's final word; null: nothing to release (ending cleared the lease). */
  async function settle(payout: DuePayout, reading: PayoutReading): Promise<Date | null> {
    if (reading.state === 'pending') return readAgainAt(payout);
    const outcome: PayoutOutcome =
      reading.state === 'successful'
        ? { state: 'successful', providerTransactionId: reading.providerTransactionId }
        : { state: 'failed', reason: reading.reason ?? 'The provider did not say why' };
    const ended = await app.db.transaction((tx) => settlePayout(app, tx, payout.id, outcome, SHOP_PAYOUT_ACTOR));
    if (ended?.state === 'successful') app.sms.wake();
    return null;
  }

  /** What the member's and the co-op's wallet histories show: "Forest Co-op November shares". */
  async function noteOf(payout: PayoutRow): Promise<string> {
    const [run, settings] = await Promise.all([findRun(app.db, payout.runId), getShopSettings(app.db)]);
    return `${settings.shopName} ${monthNameOf(run?.period ?? '')} shares`;
  }

  /** One send with the stored reference; the row is already `sent` (committed) when this starts. */
  async function send(provider: PayoutProvider, payout: DuePayout): Promise<Date | null> {
    let reading: PayoutReading;
    try {
      reading = await provider.sendPayout({
        reference: payout.reference,
        phone: payout.mobile,
        network: payout.network as MobileNetwork,
        amountNgwee: payout.amountNgwee,
        currency: payout.currency,
        note: await noteOf(payout),
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // Refused: the provider took nothing, so the payout failed and its shares are owed again.
      if (error.kind === 'refused')
        return settle(payout, { state: 'failed', providerTransactionId: null, reason: error.message });
      // Anything else (timeout, 5xx, credentials): it may or may not have arrived; the read tells, and sends again if it did not.
      log.warn(
        { payout: payout.id, kind: error.kind, err: error.message },
        'payout send not confirmed; it is read again',
      );
      return new Date(Date.now() + timing.firstReadMs);
    }
    await markAccepted(app.db, payout.id);
    return settle({ ...payout, acceptedAt: payout.acceptedAt ?? new Date() }, reading);
  }

  async function handle(payout: DuePayout): Promise<Date | null> {
    const provider = providers[payout.route as ProviderPayoutRoute]!;
    if (payout.state === 'approved') {
      const sent = await markSent(app.db, payout.id);
      return sent ? send(provider, { ...sent, approvedAt: payout.approvedAt }) : null;
    }
    let reading: PayoutReading;
    try {
      reading = await provider.readPayout(payout.reference);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== 'not-found') throw error;
      // Never arrived (a crash between the commit and the send, or a send lost on the way): the same
      // reference again, so if it did arrive after all the provider refuses it as a duplicate.
      if (!payout.acceptedAt && (await markSentAgain(app.db, payout.id))) return send(provider, payout);
      log.warn({ payout: payout.id }, 'the provider took this payout but does not find it now; read again');
      return readAgainAt(payout);
    }
    return settle(payout, reading);
  }

  async function sendOnce(): Promise<number> {
    const claimed = await claimDuePayouts(app.db, routes, BATCH, timing.leaseMs);
    await Promise.all(
      claimed.map(async (payout) => {
        let next: Date | null;
        try {
          next = await handle(payout);
        } catch (error) {
          log.error({ err: error, payout: payout.id }, 'payout send or read failed');
          next = readAgainAt(payout);
        }
        if (next) await releasePayout(app.db, payout.id, next);
      }),
    );
    return claimed.length;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sendOnce()
        .catch((error) => log.error({ err: error }, 'payout sender failed'))
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

export type PayoutSender = ReturnType<typeof createPayoutSender>;

/**
 * The payouts plugin calls this once: the sender runs from ready to close with the payout clients the
 * settings turn on (none: every payout goes by hand and nothing runs), on the payments' read timing.
 */
export function startPayoutSender(app: FastifyInstance): PayoutSender {
  const payments = app.payments.timing;
  const sender = createPayoutSender({
    app,
    providers: payoutProvidersFor(app.config.paymentProviders),
    timing: {
      tickMs: payments.tickMs * 4,
      firstReadMs: payments.firstPollMs,
      maxReadMs: payments.latePollMaxMs,
      leaseMs: payments.leaseMs,
    },
    log: app.log.child({ feature: 'payouts' }),
  });
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
  return sender;
}
