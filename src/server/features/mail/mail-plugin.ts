import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { subscribeOrderMail } from './order-mail';
import { createOutbox, type Outbox } from './outbox';
import { createMailTransport } from './transport';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox (outbox.ts): record, deliver, wait for the background line. */
    outbox: Outbox;
  }
}

/** Wires the outbox to the app: its transport, its recovery at start, its drain at close, order e-mails. */
export default fp(
  async function mailPlugin(app: FastifyInstance) {
    const { outbox, recover, close } = createOutbox({
      db: app.db,
      config: app.config,
      log: app.log.child({ feature: 'mail' }),
      transport: createMailTransport(app.config),
      soleSender: app.database.kind === 'pglite',
    });
    app.decorate('outbox', outbox);
    subscribeOrderMail(app, outbox);
    // Not awaited beyond the quick status update: start does not wait for old mail to go out.
    app.addHook('onReady', recover);
    // onClose runs after in-flight requests are done, so a bulk send finishes before the transport closes.
    app.addHook('onClose', close);
  },
  { name: 'mail', dependencies: ['db', 'order-events'] },
);
