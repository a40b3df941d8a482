import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import {
  PRODUCT_IMPORT_MAX_CHARACTERS,
  productImportInputSchema,
  productImportRefusedSchema,
  productImportReportSchema,
} from '../../../shared/schemas/product-import';
import { applyImport, planImport } from './product-import';
import { removeUnusedImages } from './service';

/**
 * POST /api/products/import (admin): a CSV file's text, checked row by row against the editor's rules;
 * a dry run answers the report only, a real import writes every row or none.
 */
const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/import',
    {
      onRequest: app.requireAdmin,
      // The text travels inside JSON, where quotes and line breaks take two characters each.
      bodyLimit: 2 * PRODUCT_IMPORT_MAX_CHARACTERS + 64 * 1024,
      schema: {
        tags: ['products'],
        summary: 'Admin: import products from CSV by SKU (create or update); dryRun (default true) only checks',
        description:
          'Columns by header (any order, case and spacing free): SKU (required), Name, Category, Price (ZMW), Stock, Description, Brand, Featured (yes/no), Size, Ingredients, Benefits, How to use, Low stock at, Images (URLs separated by |). Others are ignored. A blank cell keeps the stored value. 422 when a row has an error: nothing is written.',
        security: [{ bearerAuth: [] }],
        body: productImportInputSchema,
        response: {
          200: productImportReportSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
          422: productImportRefusedSchema,
        },
      },
    },
    async (request, reply) => {
      const { report, planned } = await planImport(app.db, request.body.csv);
      if (request.body.dryRun) return report;
      if (report.failed > 0) {
        const rows = report.failed === 1 ? '1 row has an error' : `${report.failed} rows have errors`;
        return reply.code(422).send({
          message: `Nothing was imported: ${rows}. Correct the file and try again.`,
          report: { ...report, dryRun: false },
        });
      }
      const { ids, droppedImageNames } = await applyImport(app.db, planned, request.currentUser!);
      if (ids.length > 0) await app.catalogCache.invalidate('products', ids);
      await removeUnusedImages(app.db, app.imageStore, request.log, droppedImageNames);
      return { ...report, dryRun: false, applied: true };
    },
  );
};

export default importRoutes;
