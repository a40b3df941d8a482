import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, messageSchema } from '../../../shared/schemas/common';
import {
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  lowStockListSchema,
  lowStockQuerySchema,
  productSchema,
  productSummarySchema,
  reviewAddedSchema,
  reviewInputSchema,
} from '../../../shared/schemas/products';
import { sendCatalogAnswer } from './cached-answer';
import { listKey, productKey } from './catalog-answers';
import * as products from './service';

const idParams = z.object({ id: z.string().describe('Product id (uuid); anything else answers 404') });
const adminOnly = { security: [{ bearerAuth: [] }] };
const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogCache: cache, db } = app;

  app.get(
    '/',
    {
      schema: {
        tags: ['products'],
        summary:
          'Products, newest first, filtered by keyword (name or description), category and inclusive price range',
        description: 'Answers carry a weak ETag; send it back in If-None-Match for a 304. `pages` is at least 1.',
        querystring: productListQuerySchema,
        response: { 200: productListSchema, 400: errorSchema },
      },
    },
    (request, reply) =>
      sendCatalogAnswer(cache, request, reply, listKey(request.query), () =>
        products.listProducts(db, request.query, cache),
      ),
  );

  app.get(
    '/low-stock',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        summary:
          "Admin: products at or below their low-stock level (their own, else the shop's default), fewest left first. " +
          'A product with options is listed when any variant is low, and names those (lowVariants); a gift set never is.',
        ...adminOnly,
        querystring: lowStockQuerySchema,
        response: { 200: lowStockListSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return products.lowStockProducts(db, request.query);
    },
  );

  app.get(
    '/featured',
    {
      schema: {
        tags: ['products'],
        summary: `Up to ${products.FEATURED_LIMIT} featured products, newest first`,
        response: { 200: z.array(productSummarySchema) },
      },
    },
    (request, reply) => sendCatalogAnswer(cache, request, reply, 'featured', () => products.featuredProducts(db)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['products'],
        summary: `One product with its newest ${products.REVIEWS_SHOWN} reviews`,
        params: idParams,
        response: { 200: productSchema, 404: errorSchema },
      },
    },
    (request, reply) => {
      const id = request.params.id.toLowerCase();
      return sendCatalogAnswer(
        cache,
        request,
        reply,
        productKey(id),
        () => products.productDetail(db, id),
        products.PRODUCT_NOT_FOUND,
      );
    },
  );

  app.get(
    '/:id/related',
    {
      schema: {
        tags: ['products'],
        summary: `Up to ${products.RELATED_LIMIT} other products of the same category, newest first`,
        params: idParams,
        response: { 200: z.array(productSummarySchema), 404: errorSchema },
      },
    },
    (request, reply) => {
      const id = request.params.id.toLowerCase();
      return sendCatalogAnswer(
        cache,
        request,
        reply,
        `related:${id}`,
        () => products.relatedProducts(db, id),
        products.PRODUCT_NOT_FOUND,
      );
    },
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        summary: 'Create a product (admin). A missing SKU is generated; a missing brand is the shop brand.',
        ...adminOnly,
        body: productInputSchema,
        response: { 201: productSchema, ...adminErrors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const product = await products.createProduct(db, request.body, request.currentUser!);
      await cache.invalidate('products', [product._id]);
      return reply.code(201).send(product);
    },
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        summary: 'Replace a product (admin). A missing SKU or brand keeps the current one.',
        ...adminOnly,
        params: idParams,
        body: productInputSchema,
        response: { 200: productSchema, ...adminErrors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const { product, droppedImageNames } = await products.updateProduct(
        db,
        request.params.id,
        request.body,
        request.currentUser!,
      );
      await cache.invalidate('products', [product._id]);
      await products.removeUnusedImages(db, app.imageStore, request.log, droppedImageNames);
      return product;
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        summary: 'Delete a product (admin) and the image files no other product uses; past orders keep their lines',
        ...adminOnly,
        params: idParams,
        response: { 200: messageSchema, ...adminErrors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const { imageNames } = await products.deleteProduct(db, request.params.id, request.currentUser!);
      await cache.invalidate('products', [request.params.id]);
      await products.removeUnusedImages(db, app.imageStore, request.log, imageNames);
      return { message: 'Product deleted successfully' };
    },
  );

  app.post(
    '/:id/reviews',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Review a product (a customer with a non-cancelled order of it; once per product)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: reviewInputSchema,
        response: { 201: reviewAddedSchema, ...adminErrors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const review = await products.addReview(db, request.currentUser!, request.params.id, request.body);
      await cache.invalidate('ratings', [request.params.id]);
      return reply.code(201).send({ message: 'Review added', review });
    },
  );
};

export default productRoutes;
