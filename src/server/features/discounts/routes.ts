import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import {
  discountCheckAnswerSchema,
  discountCheckSchema,
  discountIdParamsSchema,
  discountInputSchema,
  discountListSchema,
  discountSchema,
} from '../../../shared/schemas/discounts';
import { BadRequest } from '../../lib/http-errors';
import { takeCodeTry } from './code-tries';
import { changeDiscount, checkDiscount, CodeRefused, createDiscount, listDiscounts } from './service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['discounts'],
        summary: 'Admin: every discount code, newest first, with its uses so far and the discount given',
        security,
        response: { 200: discountListSchema, ...errors },
      },
    },
    async () => ({ discounts: await listDiscounts(app.db) }),
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['discounts'],
        summary: 'Admin: make a discount code (409 when another code has the same letters, in any case)',
        security,
        body: discountInputSchema,
        response: { 201: discountSchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createDiscount(app.db, request.body, request.currentUser!)),
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['discounts'],
        summary: "Admin: change a discount code's whole definition (isActive: false switches it off)",
        security,
        params: discountIdParamsSchema,
        body: discountInputSchema,
        response: { 200: discountSchema, ...errors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => changeDiscount(app.db, request.params.id, request.body, request.currentUser!),
  );

  app.post(
    '/check',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['discounts'],
        summary: 'What a discount code takes off this cart (signed-in shoppers; each try counts against a limit)',
        description:
          '400 with one message for a code that is unknown, off, not started, ended or used up; a live code that does ' +
          'not fit says why (already used by you, below its minimum, not for these items). 429 after too many tries.',
        security,
        body: discountCheckSchema,
        response: { 200: discountCheckAnswerSchema, ...errors, 429: errorSchema },
      },
    },
    async (request) => {
      await takeCodeTry(app, request.currentUser!.id, request.ip);
      try {
        return await checkDiscount(app.db, request.currentUser!.id, request.body.code, request.body.orderItems);
      } catch (error) {
        if (error instanceof CodeRefused) throw BadRequest(error.message);
        throw error;
      }
    },
  );
};

export default discountRoutes;
