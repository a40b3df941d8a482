import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import { dashboardSchema } from '../../../shared/schemas/dashboard';
import { dashboardStats } from './service';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['dashboard'],
        summary:
          'Back-office figures: sales, customers, products in stock, pending orders, revenue by month, last 5 orders',
        security: [{ bearerAuth: [] }],
        response: { 200: dashboardSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => dashboardStats(app.db),
  );
};

export default dashboardRoutes;
