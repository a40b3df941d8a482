import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { createDeliveryLine, holdLease } from '../../lib/delivery-line';
import { deviceKey, type FiscalSettings } from './fiscal-settings';
import { claimHead, releaseAllClaims, renewLease, type ClaimedSubmission } from './queries';
import { sendSubmission } from './send';
import type { VsdcClient } from './vsdc-client';

/** How the line keeps time; tests shorten it. */
export interface FiscalTiming {
  /** A claim holds this long (VSDC_LEASE_SECONDS), renewed every third of it while the device signs. */
  leaseMs: number;
  /** How often to look for reports due again and a dead instance's claims. */
  sweepMs: number;
  /** The first wait after the device was not reached, doubling to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
}

export const FISCAL_TIMING: FiscalTiming = { leaseMs: 60_000, sweepMs: 5_000, retryMs: 5_000, maxRetryMs: 60_000 };

/**
 * The reports to one VSDC on the shared delivery line (decision 028): one at a time, oldest first (the
 * device takes them in order, decision 062), each claimed with a lease, so two instances on one
 * PostgreSQL never send one report twice or two out of order. A device away stops the line until the next
 * sweep; orders never wait for it.
 */
export function createFiscalLine(deps: {
  db: Db;
  log: FastifyBaseLogger;
  settings: FiscalSettings;
  client: VsdcClient;
  timing?: Partial<FiscalTiming>;
  soleSender?: boolean;
}) {
  const timing = { ...FISCAL_TIMING, leaseMs: deps.settings.leaseMs, ...deps.timing };
  // Read at each wait, so a test can lengthen the next one.
  const retryMs = () => deps.timing?.retryMs ?? timing.retryMs;
  const device = deviceKey(deps.settings);
  const sendDeps = {
    db: deps.db,
    log: deps.log,
    settings: deps.settings,
    client: deps.client,
    retryDelayMs: (sends: number) =>
      Math.min(retryMs() * 2 ** Math.max(0, sends - 1), Math.max(retryMs(), timing.maxRetryMs)),
  };

  async function send(batch: ClaimedSubmission[]): Promise<boolean> {
    for (const row of batch) {
      const lease = holdLease(
        [row.id],
        timing.leaseMs,
        async ([id]) => {
          if (id) await renewLease(deps.db, id, timing.leaseMs);
        },
        (error) => deps.log.warn({ err: error }, 'fiscal lease not renewed'),
      );
      try {
        if ((await sendSubmission(sendDeps, row)) === 'device-away') return false;
      } finally {
        lease.stop();
      }
    }
    return true;
  }

  const line = createDeliveryLine<ClaimedSubmission>({
    name: 'fiscal',
    log: deps.log,
    sweepMs: timing.sweepMs,
    soleSender: deps.soleSender,
    // One report a claim: the device signs in order and takes about 2 s each, so a batch buys nothing.
    claim: async () => {
      if (line.closing) return [];
      const head = await claimHead(deps.db, device, timing.leaseMs);
      return head ? [head] : [];
    },
    startRun: () => send,
    async recover({ all }) {
      // On PostgreSQL a lapsed lease is claimable as it is; only the embedded database's start frees them all.
      if (!all) return;
      const freed = await releaseAllClaims(deps.db);
      if (freed > 0) deps.log.warn({ reports: freed }, 'fiscal reports a stopped shop was sending: read back first');
    },
  });
  return line;
}
