import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common';
import { orderIdParamsSchema } from '../../../shared/schemas/orders';
import {
  paymentAttemptSchema,
  paymentIdParamsSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentMethodsSchema,
  resolveAttemptSchema,
  startPaymentSchema,
  startedPaymentSchema,
  STUCK_AFTER_MINUTES,
} from '../../../shared/schemas/payments';
import { toAdminAttemptJson, toAttemptJson } from './serialize';
import { reconciliationList } from './reconciliation';
import {
  attemptsFor,
  automaticMethods,
  readAfterWidget,
  resolveAttempt,
  settleByCallback,
  startAttempt,
} from './service';
import { cardWidgetFor, PROVIDERS } from './providers/registry';
import { placeholderPayerEmail } from './providers/payer-email';
import statementRoutes from './statements/routes';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
/** A provider's callback is a small JSON object; anything bigger is not one. */
const CALLBACK_BODY_LIMIT = 16 * 1024;

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(statementRoutes);

  app.get(
    '/payments/methods',
    {
      schema: {
        tags: ['payments'],
        summary:
          'The methods the shop collects through a provider (automatic), and the methods checkout offers, in its order',
        response: { 200: paymentMethodsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { automatic: automaticMethods(app.payments), offered: [...app.payments.offered] };
    },
  );

  app.post(
    '/orders/:id/payments',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        summary:
          "Owner: collect the order's total by mobile money from this phone, or by card in the provider's widget (201 new attempt, 200 joins the live one)",
        description:
          "The phone must belong to the order's network (MTN, Airtel or Zamtel); a card order ignores it and gets `widget`, " +
          "the options of the card provider's popup (the card is entered there, never here). 409 when the order is paid, cancelled, or its " +
          'method is not collected by a provider. The attempt ends successful, failed or expired; poll GET for its state.',
        security,
        params: orderIdParamsSchema,
        body: startPaymentSchema,
        response: { 200: startedPaymentSchema, 201: startedPaymentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = request.currentUser!;
      const { attempt, created } = await startAttempt(app.payments, viewer, request.params.id, request.body.phone);
      const email = viewer.email || placeholderPayerEmail(app.config.publicUrl, attempt.orderId);
      const widget = cardWidgetFor(app.payments.settings, attempt, email);
      return reply.status(created ? 201 : 200).send({ ...toAttemptJson(attempt), ...(widget ? { widget } : {}) });
    },
  );

  app.post(
    '/orders/:id/payments/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "Owner: the card widget said it finished; read the order's latest attempt from the provider now",
        description:
          'Only a hint, like a provider callback: the status read decides (reads closer together than the callback gap are ' +
          'owed to the poller). 404 for an order that is not yours, 409 when the order has no attempt.',
        security,
        params: orderIdParamsSchema,
        response: { 200: paymentAttemptSchema, ...errors },
      },
    },
    async (request) => toAttemptJson(await readAfterWidget(app.payments, request.currentUser!, request.params.id)),
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
        response: { 200: z.array(paymentAttemptSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = request.currentUser!;
      // Only admins read how an attempt was dealt with: that is the co-op's bookkeeping.
      return (await attemptsFor(app.payments, viewer, request.params.id)).map(
        viewer.isAdmin ? toAdminAttemptJson : toAttemptJson,
      );
    },
  );

  app.get(
    '/payments',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['payments'],
        summary:
          'Admin: mobile-money attempts for reconciliation, and the orders that owe money back, newest first, with their order and customer; paged',
        description:
          `filter: attention (the default of the back office: the orders owing money back, then the attempts stuck, or failed while ` +
          `the order is unpaid), owed (the orders owing money back: cancelled after they took money, a flagged collection not paid ` +
          `back, a refund that failed; one row per order in owedBack, until refunds reach the shopper), stuck (initiated or ` +
          `pending over ${STUCK_AFTER_MINUTES} minutes or past expiry), failed (failed or expired), flagged (collected but not this ` +
          `order's payment, not yet paid back or dealt with: see flagNote), all. owedBack is filled under attention and owed only, ` +
          'and a collection in it is not listed again among the attempts of attention. keyword: order number, customer name or ' +
          'e-mail, phone, reference or provider id. counts: the rows under each filter for the same keyword.',
        security,
        querystring: paymentListQuerySchema,
        response: { 200: paymentListSchema, ...errors },
      },
    },
    async (request) => reconciliationList(app.db, request.query),
  );

  app.put(
    '/payments/:id/resolve',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['payments'],
        summary: 'Admin: record that an ended attempt needing a person was dealt with (what was done, in the note)',
        description:
          "Keeps who, when and the note as the attempt's resolution; the attempt then leaves the attention, stuck and flagged filters " +
          "and a flagged collection leaves its order's owed row " +
          '(all and failed still list it). 409 when it is live (the shop still asks the provider), already dealt with, or a ' +
          'successful payment of its order.',
        security,
        params: paymentIdParamsSchema,
        body: resolveAttemptSchema,
        response: { 200: paymentAttemptSchema, ...errors },
      },
    },
    async (request) =>
      toAdminAttemptJson(
        await resolveAttempt(app.payments, request.currentUser!, request.params.id, request.body.note),
      ),
  );

  // Anyone can call the open ones (providers do not sign MTN's callbacks): a callback only makes us read the
  // named attempt's status from the provider, and every caller gets the same empty answer. A signed one
  // (Lenco) has its own route that refuses a bad signature first.
  for (const { id: provider, callback } of PROVIDERS)
    if (callback.kind === 'signed')
      await app.register(callback.routes, { hint: (body) => settleByCallback(app.payments, provider, body) });
  for (const { id: provider, name } of PROVIDERS.filter((entry) => entry.callback.kind === 'open')) {
    for (const method of ['POST', 'PUT'] as const) {
      app.route({
        method,
        url: `/payments/callback/${provider}`,
        bodyLimit: CALLBACK_BODY_LIMIT,
        schema: {
          tags: ['payments'],
          summary: `${name} callback: a hint to read the named attempt's status (always 200)`,
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
