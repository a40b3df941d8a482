import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import {
  productMakersParamsSchema,
  productMakersInputSchema,
  productMakersSchema,
} from '../../../shared/schemas/members';
import { productMakers, saveProductMakers } from './makers';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Who made what (docs/decisions/065-members-and-wallet-changes.md): admins only. */
const productMakerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:id/makers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['members'],
        summary: "Admin: the product's makers with their parts, and its makers' percent (null: the shop default)",
        security,
        params: productMakersParamsSchema,
        response: { 200: productMakersSchema, ...errors },
      },
    },
    async (request) => productMakers(app, request.params.id),
  );

  app.put(
    '/products/:id/makers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['members'],
        summary: "Admin: replace the product's makers and its makers' percent (null: the shop default)",
        description:
          'At most 10 makers, each once, each an active member, parts 1 to 100. 400 names what is wrong (an unknown id, an inactive member).',
        security,
        params: productMakersParamsSchema,
        body: productMakersInputSchema,
        response: { 200: productMakersSchema, ...errors },
      },
    },
    async (request) => saveProductMakers(app, request.currentUser!, request.params.id, request.body),
  );
};

export default productMakerRoutes;
