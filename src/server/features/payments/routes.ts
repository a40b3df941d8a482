import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common';
import { orderIdParamsSchema } from '../../../shared/schemas/orders';
import { attemptJsonSchema, toAttemptJson } from './attempt-json';
import type { ProviderName } from './providers/collection-provider';
import { attemptsFor, settleByCallback, startAttempt } from './service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const startBody = z.object({ phone: z.string().max(40, 'phone is too long') });
/** A provider's callback is a small JSON object; anything bigger is not one. */
const CALLBACK_BODY_LIMIT = 16 * 1024;

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/payments',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "Owner: collect the order's total by mobile money from this phone (201 new attempt, 200 joins the live one)",
        description:
          'The phone must belong to the order\'s network (MTN or Airtel). 409 when the order is paid, cancelled, not a mobile-money ' +
          'order, or mobile money is not configured. The attempt ends successful, failed or expired; poll GET for its state.',
        security,
        params: orderIdParamsSchema,
        body: startBody,
        response: { 200: attemptJsonSchema, 201: attemptJsonSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { attempt, created } = await startAttempt(app.payments, request.currentUser!, request.params.id, request.body.phone);
      return reply.status(created ? 201 : 200).send(toAttemptJson(attempt));
    },
  );

  app.get(
    '/orders/:id/payments',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "The order's mobile-money attempts, the live one first, then newest first (owner or admin)",
        security,
        params: orderIdParamsSchema,
        response: { 200: z.array(attemptJsonSchema), ...errors },
      },
    },
    async (request) => (await attemptsFor(app.payments, request.currentUser!, request.params.id)).map(toAttemptJson),
  );

  // Anyone can call these (providers do not sign MTN's callbacks): a callback only makes us read the
  // named attempt's status from the provider, and every caller gets the same empty answer.
  for (const provider of ['mtn', 'airtel'] as const satisfies readonly ProviderName[]) {
    for (const method of ['POST', 'PUT'] as const) {
      app.route({
        method,
        url: `/payments/callback/${provider}`,
        bodyLimit: CALLBACK_BODY_LIMIT,
        schema: {
          tags: ['payments'],
          summary: `${provider === 'mtn' ? 'MTN MoMo' : 'Airtel Money'} callback: a hint to read the named attempt's status (always 200)`,
          response: { 200: z.object({}) },
        },
        handler: async (request) => {
          try {
            await settleByCallback(app.payments, provider, request.body);
          } catch (error) {
            // The poller reads the attempt again; the caller learns nothing either way.
            request.log.warn({ err: error }, 'payment callback could not be settled now');
          }
          return {};
        },
      });
    }
  }
};

export default paymentRoutes;
