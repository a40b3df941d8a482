import { z } from 'zod';
import { optionalSetting } from '../../lib/optional-setting';

/**
 * USSD settings from the environment (docs/settings.md). The callback is off unless
 * USSD_CALLBACK_SECRET is set: Africa's Talking signs nothing, so the secret in the callback's path is
 * what tells the gateway's calls from anyone's (docs/decisions/043-ussd-sessions.md).
 */
export interface UssdSettings {
  /** The path segment after /api/ussd/; 32 or more URL-safe characters. */
  secret: string;
  /** The short code shoppers dial, for the docs and the help screen (e.g. *384*123#); may be empty. */
  serviceCode: string;
  /** The longest a step may take before the caller is told to dial again (the gateway waits 10 s). */
  answerMs: number;
  /** How long after the session ends the payment prompt is sent (a phone shows one USSD session at a time). */
  promptDelayMs: number;
  /** Live sessions one number may hold; a newer dial closes the oldest (docs/decisions/054-ussd-one-basket-one-order.md). */
  sessionsPerNumber: number;
}

export type UssdSettingsResult = { ok: true; settings?: UssdSettings } | { ok: false; issues: string[] };

const ussdEnv = z.object({
  USSD_CALLBACK_SECRET: optionalSetting(
    z.string().regex(/^[A-Za-z0-9_-]{32,200}$/, 'must be 32 to 200 letters, digits, - or _ (it is part of a URL path)'),
  ),
  USSD_SERVICE_CODE: z
    .string()
    .regex(/^[*#0-9]{0,20}$/, 'must be a short code like *384*123#')
    .default(''),
  USSD_ANSWER_SECONDS: z.preprocess((v) => v || '4', z.coerce.number().min(1).max(9)),
  USSD_PROMPT_DELAY_SECONDS: z.preprocess((v) => v || '4', z.coerce.number().int().min(0).max(60)),
  USSD_SESSIONS_PER_NUMBER: z.preprocess((v) => v || '2', z.coerce.number().int().min(1).max(10)),
});

/** Issues come back as "NAME: what is wrong" lines, never with a value in them. */
export function readUssdSettings(env: NodeJS.ProcessEnv): UssdSettingsResult {
  const parsed = ussdEnv.safeParse(env);
  if (!parsed.success)
    return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  if (!e.USSD_CALLBACK_SECRET) return { ok: true };
  return {
    ok: true,
    settings: {
      secret: e.USSD_CALLBACK_SECRET,
      serviceCode: e.USSD_SERVICE_CODE,
      answerMs: e.USSD_ANSWER_SECONDS * 1000,
      promptDelayMs: e.USSD_PROMPT_DELAY_SECONDS * 1000,
      sessionsPerNumber: e.USSD_SESSIONS_PER_NUMBER,
    },
  };
}
