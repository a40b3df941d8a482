import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import { ordersToShipSchema, ORDERS_TO_SHIP_LIMIT } from '../../../shared/schemas/orders';
import { findOrdersToShip } from './queries';
import { toAdminOrderListJson } from './serialize';

/**
 * GET /api/orders/to-ship (admin): what the packing slips and the delivery run sheet print.
 * Registered beside the order routes under the same prefix.
 */
const toShipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/to-ship',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: `Admin: the orders to pack and send (paid or Processing, not shipped, delivered or cancelled), oldest first, at most ${ORDERS_TO_SHIP_LIMIT}`,
        security: [{ bearerAuth: [] }],
        response: { 200: ordersToShipSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const found = await findOrdersToShip(app.db, ORDERS_TO_SHIP_LIMIT + 1);
      return {
        orders: toAdminOrderListJson(found.slice(0, ORDERS_TO_SHIP_LIMIT)),
        more: found.length > ORDERS_TO_SHIP_LIMIT,
      };
    },
  );
};

export default toShipRoutes;
