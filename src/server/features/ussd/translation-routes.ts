import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common';
import {
  ussdLanguageParamSchema,
  ussdTranslationsSchema,
  ussdTranslationsUpdateSchema,
} from '../../../shared/schemas/ussd';
import { USSD_LANGUAGES, USSD_TEXTS, type TextKey } from '../../../shared/ussd-texts';
import { recordAudit } from '../audit';
import { readTranslations, writeTranslations } from './queries';
import { forgetTranslations } from './session';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/**
 * The menu's texts in the back office: English (the table in shared/ussd-texts.ts) and the admins'
 * translations into Chitonga, Chinyanja and Ichibemba. Callers hear a saved translation within 10 seconds
 * on every instance (session.ts keeps them that long).
 */
const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = async () => ({
    languages: USSD_LANGUAGES.map((l) => ({ code: l.code, name: l.name })),
    english: { ...USSD_TEXTS },
    translations: Object.fromEntries(
      Object.entries(await readTranslations(app.db)).map(([language, texts]) => [language, texts ?? {}]),
    ) as Record<string, Record<string, string>>,
  });

  app.get(
    '/translations',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['ussd'],
        summary: 'The USSD menu texts in English and their translations (admin)',
        security,
        response: { 200: ussdTranslationsSchema, ...errors },
      },
    },
    answer,
  );

  app.put(
    '/translations/:language',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['ussd'],
        summary: "Replaces one language's translations of the USSD menu texts (admin)",
        security,
        params: ussdLanguageParamSchema,
        body: ussdTranslationsUpdateSchema,
        response: { 200: ussdTranslationsSchema, ...errors },
      },
    },
    async (request) => {
      const { language } = request.params;
      const texts = request.body.texts as Partial<Record<TextKey, string>>;
      await app.db.transaction(async (tx) => {
        await writeTranslations(tx, language, texts);
        const changed = Object.values(texts).filter((t) => t && t.trim() !== '').length;
        await recordAudit(tx, request.currentUser!, {
          action: 'settings.ussd-texts',
          subjectType: 'settings',
          summary: `USSD menu in ${language}: ${changed} texts translated`,
        });
      });
      forgetTranslations();
      return answer();
    },
  );
};

export default translationRoutes;
