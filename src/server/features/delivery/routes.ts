import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toNgwee } from '../../../shared/money';
import { errorSchema } from '../../../shared/schemas/common';
import {
  deliveryOptionInputSchema,
  deliveryOptionListSchema,
  deliveryOptionSchema,
  deliveryOptionsQuerySchema,
  publicDeliveryOptionListSchema,
} from '../../../shared/schemas/delivery';
import { insertStandardDeliveryIfNone } from './queries';
import { createDeliveryOption, deliveryOptionsFor, listDeliveryOptions, updateDeliveryOption } from './service';
import { toAdminOption, toPublicOption } from './serialize';

const idParams = z.object({ id: z.string().max(64).describe('Delivery option id (uuid); anything else answers 404') });
const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  // A shop that changes nothing delivers by SPEC §9's rule (decision 037).
  await insertStandardDeliveryIfNone(app.db);

  app.get(
    '/',
    {
      schema: {
        tags: ['delivery'],
        summary: 'The delivery options that serve a province and town, cheapest first for the subtotal (public)',
        querystring: deliveryOptionsQuerySchema,
        response: { 200: publicDeliveryOptionListSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const { province, town, subtotal } = request.query;
      const rows = await deliveryOptionsFor(app.deliveryOptions, province, town, toNgwee(subtotal));
      return { options: rows.map(toPublicOption) };
    },
  );

  app.get(
    '/all',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['delivery'],
        summary: 'Admin: every delivery option, on or off, in the admin order',
        security: [{ bearerAuth: [] }],
        response: { 200: deliveryOptionListSchema, ...adminErrors },
      },
    },
    async () => ({ options: (await listDeliveryOptions(app.db)).map(toAdminOption) }),
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['delivery'],
        summary: 'Admin: add a delivery option',
        security: [{ bearerAuth: [] }],
        body: deliveryOptionInputSchema,
        response: { 201: deliveryOptionSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const row = await createDeliveryOption(app.db, request.body, request.currentUser!);
      await app.deliveryOptions.changed();
      return reply.code(201).send(toAdminOption(row));
    },
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['delivery'],
        summary: 'Admin: replace a delivery option (switch it off with active false)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: deliveryOptionInputSchema,
        response: { 200: deliveryOptionSchema, 404: errorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const row = await updateDeliveryOption(
        app.db,
        request.params.id.toLowerCase(),
        request.body,
        request.currentUser!,
      );
      await app.deliveryOptions.changed();
      return toAdminOption(row);
    },
  );
};

export default deliveryRoutes;
