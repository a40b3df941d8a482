import { z } from 'zod';
import { optionalSetting } from '../../lib/optional-setting';

/**
 * Text-message settings from the environment. SMS_PROVIDER=africastalking sends through Africa's
 * Talking; unset (or off), messages are written as files in DATA_DIR/sms-outbox. Read by
 * src/server/config.ts with the other settings.
 */
export interface AfricasTalkingSettings {
  provider: 'africastalking';
  username: string;
  apiKey: string;
  /** An approved alphanumeric sender id or short code, sent as `from`; unset: AT's shared short code. */
  senderId?: string;
  /** https://api.africastalking.com, the sandbox's, or the simulator's; no trailing slash. */
  baseUrl: string;
  timeoutMs: number;
}

export type SmsSettingsResult = { ok: true; settings?: AfricasTalkingSettings } | { ok: false; issues: string[] };

/**
 * Texts about orders that one number gets in a day, whichever accounts placed the orders (decision 057;
 * ORDER_TEXTS_PER_NUMBER_PER_DAY, read with the other settings in config.ts). The delivery phone is typed,
 * not confirmed, and every text is billed: one account's 60 orders texted one number 60 times. Ten is more
 * than a real shopper's busiest day: an order texts at most four times (placed, paid, on its way, delivered).
 */
export const ORDER_TEXTS_PER_NUMBER_PER_DAY = 10;

export const AFRICASTALKING_LIVE_URL = 'https://api.africastalking.com';

const smsEnv = z.object({
  SMS_PROVIDER: optionalSetting(
    z.enum(['africastalking', 'off'], { error: 'must be africastalking or off (unset: files in DATA_DIR/sms-outbox)' }),
  ),
  AFRICASTALKING_USERNAME: optionalSetting(
    z.string().regex(/^[\w.-]{1,64}$/, 'must be the app username (sandbox for the sandbox)'),
  ),
  AFRICASTALKING_API_KEY: optionalSetting(z.string().min(1)),
  AFRICASTALKING_SENDER_ID: optionalSetting(
    z
      .string()
      .regex(/^[A-Za-z0-9 ]{1,11}$/, 'must be an approved sender id (up to 11 letters or digits) or a short code'),
  ),
  AFRICASTALKING_URL: optionalSetting(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  SMS_TIMEOUT_SECONDS: z.preprocess((v) => v || '15', z.coerce.number().int().min(1).max(120)),
});

/** Issues come back as "NAME: what is wrong" lines, in the form config.ts prints; never with a value in them. */
export function readSmsSettings(env: NodeJS.ProcessEnv): SmsSettingsResult {
  const parsed = smsEnv.safeParse(env);
  if (!parsed.success)
    return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  if (e.SMS_PROVIDER !== 'africastalking') return { ok: true };
  const missing = (['AFRICASTALKING_USERNAME', 'AFRICASTALKING_API_KEY'] as const).filter((key) => !e[key]);
  if (missing.length > 0) {
    return {
      ok: false,
      issues: [
        `${missing.join(', ')}: SMS_PROVIDER=africastalking needs the app's username and API key (Africa's Talking dashboard, Settings > API Key)`,
      ],
    };
  }
  return {
    ok: true,
    settings: {
      provider: 'africastalking',
      username: e.AFRICASTALKING_USERNAME!,
      apiKey: e.AFRICASTALKING_API_KEY!,
      senderId: e.AFRICASTALKING_SENDER_ID,
      baseUrl: (e.AFRICASTALKING_URL ?? AFRICASTALKING_LIVE_URL).replace(/\/+$/, ''),
      timeoutMs: e.SMS_TIMEOUT_SECONDS * 1000,
    },
  };
}
