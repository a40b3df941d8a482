import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFiscalLine } from './fiscal-line';
import type { FiscalSettings } from './fiscal-settings';
import { retryFailed, type SubmissionRow } from './queries';
import { recordBalanceSale, recordCreditNote, recordSale } from './record';
import { createVsdcClient, type VsdcClient } from './vsdc-client';

/** Smart Invoice as the app holds it; null when SMART_INVOICE is off. */
export interface FiscalService {
  settings: FiscalSettings;
  client: VsdcClient;
  /** Starts the line if it is idle (after rows were recorded or retried). */
  wake(): void;
  /** Resolves once no report is being sent (tests, shutdown). */
  idle(): Promise<void>;
  /** A failed report, and the failed ones waiting on it, pending again; empty when it was not failed. */
  retry(id: string): Promise<SubmissionRow[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    fiscal: FiscalService | null;
  }
}

/**
 * ZRA Smart Invoice (docs/decisions/062-smart-invoice.md): off unless SMART_INVOICE=vsdc, and then every
 * order made paid records its sale and every refund that reached the shopper its credit note, in their own
 * transactions (recorders on the order events), sent after the commit by one line per device.
 */
export default fp(
  async function fiscalPlugin(app: FastifyInstance) {
    const settings = app.config.fiscal;
    if (!settings) {
      app.decorate('fiscal', null);
      return;
    }
    const log = app.log.child({ feature: 'fiscal' });
    const client = createVsdcClient(settings);
    const line = createFiscalLine({
      db: app.db,
      log,
      settings,
      client,
      timing: app.config.fiscalTiming,
      soleSender: app.database.kind === 'pglite',
    });
    app.decorate('fiscal', {
      settings,
      client,
      wake: () => line.wake(),
      idle: () => line.idle(),
      async retry(id) {
        const rows = await retryFailed(app.db, id);
        if (rows.length > 0) line.wake();
        return rows;
      },
    });
    const events = app.orderEvents;
    events.record('order.paid', async (tx, { order, balanceNgwee }) => {
      // A balance an edit left, paid (decision 070): its own sale; else the order's sale (once).
      if (balanceNgwee) await recordBalanceSale(tx, settings, order._id, balanceNgwee);
      else await recordSale(tx, settings, order._id);
    });
    events.record('order.refunded', async (tx, { order, refund }) => {
      await recordCreditNote(tx, settings, {
        orderId: order._id,
        refundId: refund.refundId,
        amountNgwee: refund.amountNgwee,
      });
    });
    for (const event of ['order.paid', 'order.refunded'] as const) events.after(event, () => line.wake());
    app.addHook('onReady', () => line.start());
    app.addHook('onClose', () => line.close());
  },
  { name: 'fiscal', dependencies: ['db', 'order-events'] },
);
