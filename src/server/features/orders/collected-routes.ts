import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import { collectOrderSchema, orderIdParamsSchema, orderSchema, pickupViewSchema } from '../../../shared/schemas/orders';
import { collectByAdmin, collectByKeeper, pickupView } from './collected';

const security = [{ bearerAuth: [] }];
const collectErrors = { 400: errorSchema, 404: errorSchema, 409: errorSchema };

/** Marking a pickup order collected (decision 038): the admin's order view, and the keeper's link. */
export const orderCollectedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/collected',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Mark a pickup order collected (admin): with the code the shopper shows, or confirmed without it',
        description:
          'The order becomes Delivered (its e-mail and text follow); the audit trail records who and whether the code was checked. ' +
          'A pay-on-collection order still unpaid needs paidWith (cash or mobileMoney) and becomes paid in the same change. ' +
          '400 for a wrong code, a missing paidWith or an order not collected at a pickup point; 409 once collected, or cancelled.',
        security,
        params: orderIdParamsSchema,
        body: collectOrderSchema.optional(),
        response: { 200: orderSchema, 401: errorSchema, 403: errorSchema, ...collectErrors },
      },
    },
    async (request) => collectByAdmin(app, request.currentUser!, request.params.id, request.body ?? {}),
  );
};

/**
 * The pickup point keeper's link, without a login: the link names the order, the keeper types the code
 * the shopper shows. The order id is a random UUID and the code six digits with a few tries an hour.
 */
export const pickupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['orders'],
        summary:
          "The keeper's page: the order's reference, pickup point and whether it was collected (no personal data)",
        params: orderIdParamsSchema,
        response: { 200: pickupViewSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return pickupView(app, request.params.id);
    },
  );

  app.post(
    '/:id/collect',
    {
      schema: {
        tags: ['orders'],
        summary: 'The keeper marks the parcel collected with the code the shopper shows',
        description:
          'The order becomes Delivered (and paid, for a pay-on-collection order: paidWith says how the keeper was paid). ' +
          '400 for a wrong code or a missing paidWith; 429 after too many tries for this order (per order, not per address); 409 once collected.',
        params: orderIdParamsSchema,
        body: collectOrderSchema,
        response: { 200: pickupViewSchema, ...collectErrors, 429: errorSchema },
      },
    },
    async (request) => {
      await collectByKeeper(app, request.params.id, request.body);
      return pickupView(app, request.params.id);
    },
  );
};
