import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { markRefunded } from './service';

/** A received return's refund that ends successful makes the return refunded, in the settlement's transaction. */
export default fp(
  async function returnsPlugin(app: FastifyInstance) {
    app.orderEvents.record('order.refunded', (tx, { refund }) => markRefunded(tx, refund.refundId));
  },
  { name: 'returns', dependencies: ['order-events'] },
);
