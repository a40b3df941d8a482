import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { subscribeOrderSms } from './order-sms';
import { createSmsOutbox, type SmsOutbox } from './outbox';
import { createSmsTransport } from './transport';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS outbox (outbox.ts): record, send later, wait for the background line. */
    sms: SmsOutbox;
  }
}

/** Wires the SMS outbox to the app: its transport, its recovery at start, its drain at close, order texts. */
export default fp(
  async function smsPlugin(app: FastifyInstance) {
    const log = app.log.child({ feature: 'sms' });
    const transport = createSmsTransport(app.config);
    const { outbox, recover, close } = createSmsOutbox({
      db: app.db,
      log,
      transport,
      soleSender: app.database.kind === 'pglite',
    });
    app.decorate('sms', outbox);
    subscribeOrderSms(app, outbox);
    app.addHook('onReady', async () => {
      try {
        const removed = (await transport.sweepAtStart?.()) ?? [];
        if (removed.length > 0)
          log.info({ files: removed.length }, 'half-written texts of a stopped shop removed from the sms outbox');
      } catch (err) {
        log.warn({ err }, 'half-written texts not removed from the sms outbox');
      }
      await recover();
    });
    app.addHook('onClose', close);
  },
  { name: 'sms', dependencies: ['db', 'order-events'] },
);
