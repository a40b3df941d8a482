import { z } from 'zod';
import {
  placeholdersOf,
  TEXT_KEYS,
  TRANSLATED_LANGUAGES,
  USSD_TEXTS,
  type TextKey,
  type TranslatedLanguage,
} from '../ussd-texts';

/**
 * One step of a USSD session as Africa's Talking posts it (form fields; docs/providers/africastalking-ussd.md).
 * `text` is every input of the session joined by `*`, empty on the first step.
 */
export const ussdStepSchema = z.object({
  sessionId: z.string({ error: 'sessionId is required' }).trim().min(1, 'sessionId is required').max(200),
  serviceCode: z.string().max(100).default(''),
  phoneNumber: z.string({ error: 'phoneNumber is required' }).min(1, 'phoneNumber is required').max(40),
  networkCode: z.string().max(20).default(''),
  text: z.string().max(4_000).default(''),
});
export type UssdStepInput = z.infer<typeof ussdStepSchema>;

/** A translation of one menu text is at most this long; the screens it goes on are 160 characters. */
export const USSD_TEXT_MAX = 160;

/** PUT /ussd/translations/{language}: the language's texts by key; an empty text drops that translation. */
export const ussdTranslationsUpdateSchema = z.object({
  texts: z
    .partialRecord(
      z.enum(TEXT_KEYS as [TextKey, ...TextKey[]], { error: 'Unknown text' }),
      z
        .string({ error: 'Each text must be a string' })
        .max(USSD_TEXT_MAX, `A text is at most ${USSD_TEXT_MAX} characters`),
    )
    .superRefine((texts, ctx) => {
      for (const [key, text] of Object.entries(texts) as [TextKey, string][]) {
        if (text.trim() === '') continue;
        const wanted = placeholdersOf(USSD_TEXTS[key]).join(', ');
        if (placeholdersOf(text).join(', ') !== wanted)
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: wanted
              ? `${key}: keep the values {${placeholdersOf(USSD_TEXTS[key]).join('}, {')}} as they are in English`
              : `${key}: this text has no values in {braces}`,
          });
      }
    }),
});
export type UssdTranslationsUpdate = z.infer<typeof ussdTranslationsUpdateSchema>;

export const ussdLanguageParamSchema = z.object({
  language: z.enum(TRANSLATED_LANGUAGES as [TranslatedLanguage, ...TranslatedLanguage[]], {
    error: 'language must be toi, nya or bem',
  }),
});

/** GET /ussd/translations: every text in English with the admins' translations. */
export const ussdTranslationsSchema = z.object({
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
  english: z.record(z.string(), z.string()),
  translations: z.record(z.string(), z.record(z.string(), z.string())),
});
export type UssdTranslationsAnswer = z.infer<typeof ussdTranslationsSchema>;
