import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import { shopSettingsSchema, updateShopSettingsSchema } from '../../../shared/schemas/settings';
import { getShopSettings, updateShopSettings } from './service';

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['settings'],
        summary: "The shop's name, contact details and payment numbers (public)",
        response: { 200: shopSettingsSchema },
      },
    },
    async () => getShopSettings(app.db),
  );

  app.put(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['settings'],
        summary: 'Admin: change some settings; answers all of them',
        security: [{ bearerAuth: [] }],
        body: updateShopSettingsSchema,
        response: { 200: shopSettingsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => updateShopSettings(app.db, request.body),
  );
};

export default settingsRoutes;
