import { z } from 'zod';
import { optionalSetting } from '../../../lib/optional-setting';
import { readPinPublicKey } from './airtel-pin';
import { readLencoSettings, type LencoSettings } from './lenco/lenco-settings';

/**
 * Mobile-money settings from the environment. A provider is on when its keys are set, off when none are
 * (checkout then shows the manual instructions for it); half a set stops the start with a message naming
 * what is missing. Read by src/server/config.ts with the other settings.
 */
export interface MtnMomoSettings {
  baseUrl: string;
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  /** X-Target-Environment: "sandbox" on the developer portal, "mtnzambia" live. */
  targetEnvironment: string;
  /** The sandbox takes only EUR; live Zambia takes ZMW. */
  currency: string;
  /** X-Callback-Url sent with each request, when a callback base is set. */
  callbackUrl?: string;
  timeoutMs: number;
}

export interface AirtelMoneySettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  country: 'ZM';
  currency: 'ZMW';
  /** Registered in Airtel's portal (Airtel takes no callback URL per request); shown in docs/operations/payments.md. */
  callbackUrl?: string;
  timeoutMs: number;
}

/**
 * MTN's Disbursement product, which sends refunds (docs/decisions/032-refunds-sent-once.md): same base URL,
 * target environment and currency as collections, its own subscription key, API user and key.
 */
export interface MtnDisbursementSettings {
  baseUrl: string;
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  targetEnvironment: string;
  currency: string;
  timeoutMs: number;
}

/** Airtel disbursements (refunds to the shopper's wallet): the collection app's credentials plus the merchant PIN. */
export interface AirtelDisbursementSettings extends AirtelMoneySettings {
  /** The merchant's 4-digit PIN, sent RSA-encrypted with Airtel's public key. */
  pin: string;
  /** Airtel's public key from the portal's Key Management, as PEM. */
  pinPublicKeyPem: string;
}

export interface PaymentProviderSettings {
  mtn?: MtnMomoSettings;
  airtel?: AirtelMoneySettings;
  /** Refunds through MTN (route mtn-refund); unset: MTN refunds are recorded by hand. */
  mtnDisbursement?: MtnDisbursementSettings;
  /** Refunds through Airtel (route airtel-disbursement); unset: Airtel refunds are recorded by hand. */
  airtelDisbursement?: AirtelDisbursementSettings;
  /** Lenco (lenco/lenco-settings.ts): cards, Zamtel, and MTN or Airtel when LENCO_METHODS lists them. */
  lenco?: LencoSettings;
}

const baseUrl = optionalSetting(z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')));
const secret = optionalSetting(z.string().min(1));

const paymentEnv = z.object({
  MTN_MOMO_BASE_URL: baseUrl,
  MTN_MOMO_API_USER: optionalSetting(z.uuid('must be the API user UUID')),
  MTN_MOMO_API_KEY: secret,
  MTN_MOMO_SUBSCRIPTION_KEY: secret,
  MTN_MOMO_TARGET_ENVIRONMENT: z
    .string()
    .regex(/^[a-z]+$/, 'must look like sandbox or mtnzambia')
    .default('sandbox'),
  MTN_MOMO_CURRENCY: optionalSetting(z.string().regex(/^[A-Z]{3}$/, 'must be a currency code such as ZMW')),
  AIRTEL_MONEY_BASE_URL: baseUrl,
  AIRTEL_MONEY_CLIENT_ID: secret,
  AIRTEL_MONEY_CLIENT_SECRET: secret,
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: secret,
  MTN_MOMO_DISBURSEMENT_API_USER: optionalSetting(z.uuid('must be the Disbursement API user UUID')),
  MTN_MOMO_DISBURSEMENT_API_KEY: secret,
  AIRTEL_MONEY_DISBURSEMENT_PIN: optionalSetting(z.string().regex(/^\d{4}$/, 'must be the 4-digit merchant PIN')),
  AIRTEL_MONEY_PIN_PUBLIC_KEY: secret,
  PAYMENTS_CALLBACK_BASE_URL: baseUrl,
  PAYMENT_PROVIDER_TIMEOUT_SECONDS: z.preprocess((v) => v || '15', z.coerce.number().int().min(1).max(120)),
});

const MTN_KEYS = ['MTN_MOMO_BASE_URL', 'MTN_MOMO_API_USER', 'MTN_MOMO_API_KEY', 'MTN_MOMO_SUBSCRIPTION_KEY'] as const;
const AIRTEL_KEYS = ['AIRTEL_MONEY_BASE_URL', 'AIRTEL_MONEY_CLIENT_ID', 'AIRTEL_MONEY_CLIENT_SECRET'] as const;
const MTN_DISBURSEMENT_KEYS = [
  'MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY',
  'MTN_MOMO_DISBURSEMENT_API_USER',
  'MTN_MOMO_DISBURSEMENT_API_KEY',
] as const;
const AIRTEL_DISBURSEMENT_KEYS = ['AIRTEL_MONEY_DISBURSEMENT_PIN', 'AIRTEL_MONEY_PIN_PUBLIC_KEY'] as const;

export type PaymentSettingsResult = { ok: true; settings: PaymentProviderSettings } | { ok: false; issues: string[] };

/** Issues come back as "NAME: what is wrong" lines, in the form config.ts prints. */
export function readPaymentProviderSettings(env: NodeJS.ProcessEnv): PaymentSettingsResult {
  const parsed = paymentEnv.safeParse(env);
  if (!parsed.success)
    return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  const issues = [
    incomplete('MTN MoMo', MTN_KEYS, e),
    incomplete('Airtel Money', AIRTEL_KEYS, e),
    incomplete('MTN MoMo refunds', MTN_DISBURSEMENT_KEYS, e),
    incomplete('Airtel Money refunds', AIRTEL_DISBURSEMENT_KEYS, e),
    refundsWithoutCollections('MTN MoMo', MTN_DISBURSEMENT_KEYS, MTN_KEYS, e),
    refundsWithoutCollections('Airtel Money', AIRTEL_DISBURSEMENT_KEYS, AIRTEL_KEYS, e),
  ].filter((i): i is string => i !== null);
  const pinKey = e.AIRTEL_MONEY_PIN_PUBLIC_KEY === undefined ? null : readPinPublicKey(e.AIRTEL_MONEY_PIN_PUBLIC_KEY);
  if (pinKey && !pinKey.ok) issues.push(`AIRTEL_MONEY_PIN_PUBLIC_KEY: ${pinKey.issue}`);
  const timeoutMs = e.PAYMENT_PROVIDER_TIMEOUT_SECONDS * 1000;
  const lenco = readLencoSettings(env, timeoutMs);
  issues.push(...lenco.issues);
  if (issues.length) return { ok: false, issues };
  const callbackBase = e.PAYMENTS_CALLBACK_BASE_URL;
  const settings: PaymentProviderSettings = lenco.settings ? { lenco: lenco.settings } : {};
  if (e.MTN_MOMO_BASE_URL && e.MTN_MOMO_API_USER && e.MTN_MOMO_API_KEY && e.MTN_MOMO_SUBSCRIPTION_KEY) {
    settings.mtn = {
      baseUrl: e.MTN_MOMO_BASE_URL,
      apiUser: e.MTN_MOMO_API_USER,
      apiKey: e.MTN_MOMO_API_KEY,
      subscriptionKey: e.MTN_MOMO_SUBSCRIPTION_KEY,
      targetEnvironment: e.MTN_MOMO_TARGET_ENVIRONMENT,
      currency: e.MTN_MOMO_CURRENCY ?? (e.MTN_MOMO_TARGET_ENVIRONMENT === 'sandbox' ? 'EUR' : 'ZMW'),
      callbackUrl: callbackBase && `${callbackBase}/mtn`,
      timeoutMs,
    };
  }
  if (e.AIRTEL_MONEY_BASE_URL && e.AIRTEL_MONEY_CLIENT_ID && e.AIRTEL_MONEY_CLIENT_SECRET) {
    settings.airtel = {
      baseUrl: e.AIRTEL_MONEY_BASE_URL,
      clientId: e.AIRTEL_MONEY_CLIENT_ID,
      clientSecret: e.AIRTEL_MONEY_CLIENT_SECRET,
      country: 'ZM',
      currency: 'ZMW',
      callbackUrl: callbackBase && `${callbackBase}/airtel`,
      timeoutMs,
    };
  }
  if (
    settings.mtn &&
    e.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY &&
    e.MTN_MOMO_DISBURSEMENT_API_USER &&
    e.MTN_MOMO_DISBURSEMENT_API_KEY
  ) {
    const { baseUrl: base, targetEnvironment, currency } = settings.mtn;
    settings.mtnDisbursement = {
      baseUrl: base,
      apiUser: e.MTN_MOMO_DISBURSEMENT_API_USER,
      apiKey: e.MTN_MOMO_DISBURSEMENT_API_KEY,
      subscriptionKey: e.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY,
      targetEnvironment,
      currency,
      timeoutMs,
    };
  }
  if (settings.airtel && e.AIRTEL_MONEY_DISBURSEMENT_PIN && pinKey?.ok) {
    settings.airtelDisbursement = {
      ...settings.airtel,
      pin: e.AIRTEL_MONEY_DISBURSEMENT_PIN,
      pinPublicKeyPem: pinKey.pem,
    };
  }
  return { ok: true, settings };
}

/** Refunds go back through the provider the money came in by: its collection settings must be on too. */
function refundsWithoutCollections(
  provider: string,
  refundKeys: readonly string[],
  collectionKeys: readonly string[],
  env: Record<string, unknown>,
): string | null {
  if (refundKeys.some((key) => env[key] === undefined) || collectionKeys.every((key) => env[key] !== undefined))
    return null;
  return `${refundKeys.join(', ')}: ${provider} refunds need ${provider} collections set up as well (${collectionKeys.join(', ')})`;
}

function incomplete(provider: string, keys: readonly string[], env: Record<string, unknown>): string | null {
  const missing = keys.filter((key) => env[key] === undefined);
  if (missing.length === 0 || missing.length === keys.length) return null;
  return `${missing.join(', ')}: ${provider} needs ${keys.join(', ')} all set (or none, to leave it off)`;
}
