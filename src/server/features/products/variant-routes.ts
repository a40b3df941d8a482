import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common';
import { productSchema, setPartsInputSchema, variantsInputSchema } from '../../../shared/schemas/products';
import { mergeInputSchema, mergeProducts } from './merge';
import { removeUnusedImages } from './service';
import { saveSetParts } from './set-parts';
import { saveVariants } from './variants';

const idParams = z.object({ id: z.string().describe('Product id (uuid); anything else answers 404') });
const adminOnly = { security: [{ bearerAuth: [] }] };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Sizes and gift sets (docs/decisions/067-sizes-and-sets.md): the admin's writes; shoppers read them on the product. */
const variantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogCache: cache, db } = app;

  app.put(
    '/:id/variants',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        summary:
          "Admin: the product's options (at most 2) and every variant with its price, stock, SKU, size and image. " +
          'A variant sent without _id is new, one left out is removed; no options makes the product plain again.',
        ...adminOnly,
        params: idParams,
        body: variantsInputSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => {
      const product = await saveVariants(db, request.params.id, request.body, request.currentUser!);
      await cache.invalidate('products', [product._id]);
      return product;
    },
  );

  app.put(
    '/:id/set-parts',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        summary:
          "Admin: make the product a gift set of these parts (products, and each one's variant when it has options, " +
          'with quantities); its stock is then what the parts allow. An empty list makes it an ordinary product.',
        ...adminOnly,
        params: idParams,
        body: setPartsInputSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => {
      const product = await saveSetParts(db, request.params.id, request.body, request.currentUser!);
      await cache.invalidate('products', [product._id]);
      return product;
    },
  );

  app.post(
    '/:id/merge',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        summary:
          'Admin: make separate size products variants of this one (their price, stock, SKU, image, orders, reviews ' +
          'and places in sets kept), then delete them. Each becomes the value of `option` (default Size) given in ' +
          '`values`, else its size text, else its name.',
        ...adminOnly,
        params: idParams,
        body: mergeInputSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => {
      const { product, droppedImageNames } = await mergeProducts(
        db,
        request.params.id,
        request.body,
        request.currentUser!,
      );
      await cache.invalidate('products');
      await removeUnusedImages(db, app.imageStore, request.log, droppedImageNames);
      return product;
    },
  );
};

export default variantRoutes;
