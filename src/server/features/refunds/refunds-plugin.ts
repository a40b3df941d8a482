import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startRefundSender } from './sender';

/**
 * Refunds' running part (docs/decisions/030-refunds.md): starts the refund sender, which sends approved
 * refunds to the providers and reads sent ones until final, from ready to close.
 */
export default fp(
  async function refundsPlugin(app: FastifyInstance) {
    startRefundSender(app);
  },
  { name: 'refunds', dependencies: ['order-events', 'payments'] },
);
