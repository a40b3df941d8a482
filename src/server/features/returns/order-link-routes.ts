import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import { ORDER_LINK_EXPIRED, ORDER_LINK_INVALID, orderLinkParamsSchema } from '../../../shared/schemas/order-link';
import {
  askReturnSchema,
  orderReturnsSchema,
  returnPhotoSchema,
  returnSchema,
  returnableSchema,
} from '../../../shared/schemas/returns';
import { Gone, NotFound } from '../../lib/http-errors';
import { readOrderLink } from '../orders';
import type { ReturnAsker } from './access';
import { RETURN_PHOTO_MULTIPART, savePhoto } from './photo';
import { askReturn, returnableFor, returnsOfOrderFor } from './service';

const tags = ['returns'];
const errors = { 400: errorSchema, 404: errorSchema, 409: errorSchema, 410: errorSchema };
const SHOPPER: ReturnAsker = { kind: 'shopper', channel: 'link' };

/**
 * The signed order link's twins of the order page's return routes (no login: the token is the key, as
 * for GET /order-links/{token}); 404 for a token that is not valid, 410 once it has expired.
 */
const returnOrderLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, RETURN_PHOTO_MULTIPART);

  const orderOf = (token: string): string => {
    const link = readOrderLink(token, app.config.jwtSecret);
    if (!link.ok) throw link.reason === 'expired' ? Gone(ORDER_LINK_EXPIRED) : NotFound(ORDER_LINK_INVALID);
    return link.orderId;
  };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  });

  app.get(
    '/:token/returnable',
    {
      schema: {
        tags,
        summary: 'What of the order can be returned now, through the signed link of an SMS (no login)',
        params: orderLinkParamsSchema,
        response: { 200: returnableSchema, ...errors },
      },
    },
    async (request) => returnableFor(app, orderOf(request.params.token), SHOPPER),
  );

  app.get(
    '/:token/returns',
    {
      schema: {
        tags,
        summary: "The order's returns through the signed link (no login)",
        params: orderLinkParamsSchema,
        response: { 200: orderReturnsSchema, ...errors },
      },
    },
    async (request) => returnsOfOrderFor(app, orderOf(request.params.token), SHOPPER),
  );

  app.post(
    '/:token/returns',
    {
      schema: {
        tags,
        summary: 'Ask a return or an exchange through the signed link (no login); the same rules as the order page',
        params: orderLinkParamsSchema,
        body: askReturnSchema,
        response: { 201: returnSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await askReturn(app, orderOf(request.params.token), SHOPPER, request.body)),
  );

  app.post(
    '/:token/returns/photo',
    {
      schema: {
        tags,
        summary: 'A photo for a return through the signed link (multipart field "file", at most 5 MB)',
        consumes: ['multipart/form-data'],
        params: orderLinkParamsSchema,
        response: { 201: returnPhotoSchema, ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const photoId = await savePhoto(app, request, orderOf(request.params.token), SHOPPER);
      return reply.status(201).send({ photoId });
    },
  );
};

export default returnOrderLinkRoutes;
