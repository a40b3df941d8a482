import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import { shopSettingsSchema, updateShopSettingsSchema } from '../../../shared/schemas/settings';
import { getShopSettings, settingsChanged, settingsWrittenOnlyHere, updateShopSettings } from './service';

/** Tells every instance on the same PostgreSQL that the settings were saved, so none shows an old copy. */
export const SETTINGS_CHANNEL = 'settings_changed';

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only PostgreSQL can have other instances; the embedded database has one.
  const shared = app.database.kind === 'postgres';
  // A notice lost while the listening connection was down may have been a save: read them again too.
  if (!shared) settingsWrittenOnlyHere(app.db);
  else
    await app.database.listen(
      SETTINGS_CHANNEL,
      () => settingsChanged(app.db),
      () => settingsChanged(app.db),
    );

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
    async (request) => {
      const saved = await updateShopSettings(app.db, request.body, request.currentUser!);
      if (shared)
        await app.database
          .notify(SETTINGS_CHANNEL, '')
          .catch((err) => request.log.warn({ err }, 'settings notice not sent'));
      return saved;
    },
  );
};

export default settingsRoutes;
