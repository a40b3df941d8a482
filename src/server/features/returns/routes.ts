import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import { orderIdParamsSchema } from '../../../shared/schemas/orders';
import {
  acceptReturnSchema,
  askReturnSchema,
  orderReturnsSchema,
  receiveReturnSchema,
  refuseReturnSchema,
  returnIdParamsSchema,
  returnPhotoSchema,
  returnSchema,
  returnableSchema,
  returnsListQuerySchema,
  returnsListSchema,
} from '../../../shared/schemas/returns';
import { RETURN_PHOTO_MULTIPART, savePhoto } from './photo';
import { receiveReturn } from './receive';
import { refundReturnAgain } from './refund-again';
import {
  acceptReturn,
  askReturn,
  getReturn,
  listReturnsFor,
  refuseReturn,
  returnableFor,
  returnsOfOrderFor,
} from './service';

const tags = ['returns'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Returns and exchanges (docs/decisions/069-returns-and-exchanges.md): the order's owner asks, admins handle. */
const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, RETURN_PHOTO_MULTIPART);

  app.get(
    '/orders/:id/returnable',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'What of the order can be returned now, why not, where to bring it (owner or admin; 404 for anyone else)',
        security,
        params: orderIdParamsSchema,
        response: { 200: returnableSchema, ...errors },
      },
    },
    async (request) => returnableFor(app, request.params.id, { kind: 'user', user: request.currentUser! }),
  );

  app.post(
    '/orders/:id/returns/photo',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A photo for a return (multipart field "file": JPEG, PNG or WebP, at most 5 MB); the owner only',
        security,
        consumes: ['multipart/form-data'],
        params: orderIdParamsSchema,
        response: { 201: returnPhotoSchema, ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const user = request.currentUser!;
      const photoId = await savePhoto(app, request, request.params.id, {
        kind: 'user',
        user: { ...user, isAdmin: false },
      });
      return reply.status(201).send({ photoId });
    },
  );

  app.post(
    '/orders/:id/returns',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Ask a return or an exchange of some of the order (owner, or an admin on her behalf)',
        description:
          '409: the window is closed, more than is returnable, a line that is never returnable, unopened not confirmed for ' +
          'an unopened-only line, an exchange product out of stock. Under the order row lock: of two asks for the last unit, one 201.',
        security,
        params: orderIdParamsSchema,
        body: askReturnSchema,
        response: { 201: returnSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.currentUser!;
      const ret = await askReturn(app, request.params.id, { kind: 'user', user }, request.body);
      return reply.status(201).send(ret);
    },
  );

  app.get(
    '/orders/:id/returns',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The order's returns, newest first (owner or admin)",
        security,
        params: orderIdParamsSchema,
        response: { 200: orderReturnsSchema, ...errors },
      },
    },
    async (request) => returnsOfOrderFor(app, request.params.id, { kind: 'user', user: request.currentUser! }),
  );

  app.get(
    '/returns',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admin: returns newest first, by state, with the count of each state',
        security,
        querystring: returnsListQuerySchema,
        response: { 200: returnsListSchema, ...errors },
      },
    },
    async (request) => listReturnsFor(app, request.query),
  );

  app.get(
    '/returns/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admin: one return',
        security,
        params: returnIdParamsSchema,
        response: { 200: returnSchema, ...errors },
      },
    },
    async (request) => getReturn(app, request.params.id),
  );

  app.put(
    '/returns/:id/accept',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admin: accept a requested return (409 naming its state otherwise); the shopper is told',
        security,
        params: returnIdParamsSchema,
        body: acceptReturnSchema,
        response: { 200: returnSchema, ...errors },
      },
    },
    async (request) => acceptReturn(app, request.currentUser!, request.params.id, request.body?.note),
  );

  app.put(
    '/returns/:id/refuse',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admin: refuse a requested or accepted return with a reason the shopper is told',
        security,
        params: returnIdParamsSchema,
        body: refuseReturnSchema,
        response: { 200: returnSchema, ...errors },
      },
    },
    async (request) => refuseReturn(app, request.currentUser!, request.params.id, request.body.reason),
  );

  app.put(
    '/returns/:id/receive',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary:
          'Admin: an accepted return came back: per line, units restocked and written off (adding up to its units)',
        description:
          'A refund return asks its refund (two admins as REFUND_APPROVAL says) and is refunded when that refund ends ' +
          "successful; an exchange places its replacement order at today's prices, the difference paid on it or refunded.",
        security,
        params: returnIdParamsSchema,
        body: receiveReturnSchema,
        response: { 200: returnSchema, ...errors },
      },
    },
    async (request) => receiveReturn(app, request.currentUser!, request.params.id, request.body.lines),
  );
  app.put(
    '/returns/:id/refund',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Admin: ask a received return's refund again, once its refund failed or was cancelled",
        description:
          '409 while its refund may still go out or went, or for a return that is not a received refund return.',
        security,
        params: returnIdParamsSchema,
        response: { 200: returnSchema, ...errors },
      },
    },
    async (request) => refundReturnAgain(app, request.currentUser!, request.params.id),
  );
};

export default returnRoutes;
