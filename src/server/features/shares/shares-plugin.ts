import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { syncOrderShares } from './order-shares';

/**
 * The shares ledger follows the orders (docs/decisions/063-member-shares.md): a recorder on each order event
 * that can earn or take back a share, so the entries commit or roll back with the change itself (decision
 * 009). Orders know nothing of it.
 */
export default fp(
  async function sharesPlugin(app: FastifyInstance) {
    const events = app.orderEvents;
    // Credits wait for both: paid, and handed over (an order collected is Delivered too).
    const earned = (order: { isPaid: boolean; status: string }) => order.isPaid && order.status === 'Delivered';
    events.record('order.paid', async (tx, { order }) => {
      if (earned(order)) await syncOrderShares(tx, order._id);
    });
    events.record('order.status-changed', async (tx, { order }) => {
      if (earned(order)) await syncOrderShares(tx, order._id);
    });
    events.record('order.refunded', async (tx, { order }) => {
      await syncOrderShares(tx, order._id);
    });
  },
  { name: 'shares', dependencies: ['order-events'] },
);
