import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REFUND_STUCK_HOURS } from '../../../shared/refunds';
import { errorSchema } from '../../../shared/schemas/common';
import { orderIdParamsSchema } from '../../../shared/schemas/orders';
import {
  cancelRefundSchema,
  orderRefundsSchema,
  refundIdParamsSchema,
  refundListQuerySchema,
  refundListSchema,
  refundSchema,
  requestRefundSchema,
} from '../../../shared/schemas/refunds';
import { approveRefund, cancelRefund, orderRefunds, refundList, requestRefund } from './service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Money going back to shoppers (docs/decisions/030-refunds.md): admins only. */
const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/refunds',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['refunds'],
        summary:
          "Admin: the order's money both ways (collected, refunded, pending, net, refundable in ngwee), where it can go back, its refunds newest first",
        description:
          'sources: one per successful provider collection of the order (late ones flagged refundDue included), and "by hand" ' +
          '(attemptId null) for money a member sends back themselves. approval: the REFUND_APPROVAL rule in force.',
        security,
        params: orderIdParamsSchema,
        response: { 200: orderRefundsSchema, ...errors },
      },
    },
    async (request) => orderRefunds(app, request.params.id),
  );

  app.post(
    '/orders/:id/refunds',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['refunds'],
        summary:
          'Admin: ask for money to go back to the shopper (201 the refund, waiting for a second admin or on its way)',
        description:
          'attemptId names the collection it goes back through; null records money a member sends back by hand (it ends successful ' +
          'once approved). 404 unknown order or a payment of another order; 409 above what may still go back (the message names ' +
          'the most), an order with no payment, or a part of a payment only refundable whole.',
        security,
        params: orderIdParamsSchema,
        body: requestRefundSchema,
        response: { 201: refundSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requestRefund(app, request.currentUser!, request.params.id, request.body)),
  );

  app.put(
    '/refunds/:id/approve',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['refunds'],
        summary: 'Admin: approve a refund another admin asked for (maker-checker, REFUND_APPROVAL)',
        description:
          '403 when the approver asked for it; 409 when it is not waiting for approval (already approved, cancelled).',
        security,
        params: refundIdParamsSchema,
        response: { 200: refundSchema, ...errors },
      },
    },
    async (request) => approveRefund(app, request.currentUser!, request.params.id),
  );

  app.put(
    '/refunds/:id/cancel',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['refunds'],
        summary: 'Admin: call off a refund not yet sent, saying why',
        description: '409 once it was sent to the provider, or ended.',
        security,
        params: refundIdParamsSchema,
        body: cancelRefundSchema,
        response: { 200: refundSchema, ...errors },
      },
    },
    async (request) => cancelRefund(app, request.currentUser!, request.params.id, request.body.note),
  );

  app.get(
    '/refunds',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['refunds'],
        summary: 'Admin: refunds newest first, with their order; paged',
        description:
          `filter: waiting (for a second admin), moving (approved or sent), stuck (moving over ${REFUND_STUCK_HOURS} hours after approval: ` +
          "check the provider's portal; moving keeps them too), failed, all (the default). counts: the rows under each filter.",
        security,
        querystring: refundListQuerySchema,
        response: { 200: refundListSchema, ...errors },
      },
    },
    async (request) => refundList(app, request.query),
  );
};

export default refundRoutes;
