import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import {
  ORDER_LINK_EXPIRED,
  ORDER_LINK_INVALID,
  orderLinkParamsSchema,
  orderLinkViewSchema,
} from '../../../shared/schemas/order-link';
import { Gone, NotFound } from '../../lib/http-errors';
import { cachedShopSettings } from '../settings';
import { readOrderLink } from './order-link';
import { toOrderLinkJson } from './order-link-view';
import { findOrder } from './queries';

/**
 * The signed order link of an SMS, answered without a login. No rate limit of its own: the
 * token carries a 96-bit MAC, so guessing one is hopeless, and the general limits still apply.
 */
const orderLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:token',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order, read-only, through the signed link of an SMS (no login; no personal data)',
        description:
          '404 for a token that is not valid (tampered, cut short, another secret) or an order that is gone; 410 once the link has expired.',
        params: orderLinkParamsSchema,
        response: { 200: orderLinkViewSchema, 404: errorSchema, 410: errorSchema },
      },
    },
    async (request, reply) => {
      // The token is a key to the order: no cache may keep the answer, and no page it leads to learns the address.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const link = readOrderLink(request.params.token, app.config.jwtSecret);
      if (!link.ok) throw link.reason === 'expired' ? Gone(ORDER_LINK_EXPIRED) : NotFound(ORDER_LINK_INVALID);
      const found = await findOrder(app.db, link.orderId);
      if (!found) throw NotFound(ORDER_LINK_INVALID);
      return toOrderLinkJson(found, await cachedShopSettings(app.db), link.expiresAt);
    },
  );
};

export default orderLinkRoutes;
