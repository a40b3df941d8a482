import { z } from 'zod';
import { optionalSetting } from '../../../lib/optional-setting';
import { readPinPublicKey } from './airtel-pin';
import type { CommonProviderSettings, SettingsRead } from './provider-definition';

/**
 * MTN's and Airtel's own APIs' settings from the environment, and the settings every provider shares
 * (read by the registry, registry.ts, with each provider's own). A provider is on when its keys are set,
 * off when none are (checkout then shows the manual instructions for it); half a set stops the start
 * with a message naming what is missing.
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

/** MTN's entry's settings (mtn-provider.ts): collections, and refunds through its Disbursement product when set. */
export type MtnSettings = MtnMomoSettings & { disbursement?: MtnDisbursementSettings };
/** Airtel's entry's settings (airtel-provider.ts): collections, and refunds by disbursement when set. */
export type AirtelSettings = AirtelMoneySettings & { disbursement?: AirtelDisbursementSettings };

const baseUrl = optionalSetting(z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')));
const secret = optionalSetting(z.string().min(1));

const commonEnv = z.object({
  PAYMENTS_CALLBACK_BASE_URL: baseUrl,
  PAYMENT_PROVIDER_TIMEOUT_SECONDS: z.preprocess((v) => v || '15', z.coerce.number().int().min(1).max(120)),
});

const mtnEnv = z.object({
  MTN_MOMO_BASE_URL: baseUrl,
  MTN_MOMO_API_USER: optionalSetting(z.uuid('must be the API user UUID')),
  MTN_MOMO_API_KEY: secret,
  MTN_MOMO_SUBSCRIPTION_KEY: secret,
  MTN_MOMO_TARGET_ENVIRONMENT: z
    .string()
    .regex(/^[a-z]+$/, 'must look like sandbox or mtnzambia')
    .default('sandbox'),
  MTN_MOMO_CURRENCY: optionalSetting(z.string().regex(/^[A-Z]{3}$/, 'must be a currency code such as ZMW')),
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: secret,
  MTN_MOMO_DISBURSEMENT_API_USER: optionalSetting(z.uuid('must be the Disbursement API user UUID')),
  MTN_MOMO_DISBURSEMENT_API_KEY: secret,
});

const airtelEnv = z.object({
  AIRTEL_MONEY_BASE_URL: baseUrl,
  AIRTEL_MONEY_CLIENT_ID: secret,
  AIRTEL_MONEY_CLIENT_SECRET: secret,
  AIRTEL_MONEY_DISBURSEMENT_PIN: optionalSetting(z.string().regex(/^\d{4}$/, 'must be the 4-digit merchant PIN')),
  AIRTEL_MONEY_PIN_PUBLIC_KEY: secret,
});

const MTN_KEYS = ['MTN_MOMO_BASE_URL', 'MTN_MOMO_API_USER', 'MTN_MOMO_API_KEY', 'MTN_MOMO_SUBSCRIPTION_KEY'] as const;
const AIRTEL_KEYS = ['AIRTEL_MONEY_BASE_URL', 'AIRTEL_MONEY_CLIENT_ID', 'AIRTEL_MONEY_CLIENT_SECRET'] as const;
const MTN_DISBURSEMENT_KEYS = [
  'MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY',
  'MTN_MOMO_DISBURSEMENT_API_USER',
  'MTN_MOMO_DISBURSEMENT_API_KEY',
] as const;
const AIRTEL_DISBURSEMENT_KEYS = ['AIRTEL_MONEY_DISBURSEMENT_PIN', 'AIRTEL_MONEY_PIN_PUBLIC_KEY'] as const;

const zodIssues = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
const present = (issues: (string | null)[]) => issues.filter((i): i is string => i !== null);

/** The timeout and callback base every provider uses; issues come back as "NAME: what is wrong" lines. */
export function readCommonProviderSettings(env: NodeJS.ProcessEnv): SettingsRead<CommonProviderSettings> {
  const parsed = commonEnv.safeParse(env);
  if (!parsed.success) return { issues: zodIssues(parsed.error) };
  const e = parsed.data;
  return {
    issues: [],
    settings: { timeoutMs: e.PAYMENT_PROVIDER_TIMEOUT_SECONDS * 1000, callbackBase: e.PAYMENTS_CALLBACK_BASE_URL },
  };
}

export function readMtnSettings(env: NodeJS.ProcessEnv, common: CommonProviderSettings): SettingsRead<MtnSettings> {
  const parsed = mtnEnv.safeParse(env);
  if (!parsed.success) return { issues: zodIssues(parsed.error) };
  const e = parsed.data;
  const issues = present([
    incomplete('MTN MoMo', MTN_KEYS, e),
    incomplete('MTN MoMo refunds', MTN_DISBURSEMENT_KEYS, e),
    refundsWithoutCollections('MTN MoMo', MTN_DISBURSEMENT_KEYS, MTN_KEYS, e),
  ]);
  if (issues.length) return { issues };
  if (!(e.MTN_MOMO_BASE_URL && e.MTN_MOMO_API_USER && e.MTN_MOMO_API_KEY && e.MTN_MOMO_SUBSCRIPTION_KEY))
    return { issues };
  const { timeoutMs, callbackBase } = common;
  const settings: MtnSettings = {
    baseUrl: e.MTN_MOMO_BASE_URL,
    apiUser: e.MTN_MOMO_API_USER,
    apiKey: e.MTN_MOMO_API_KEY,
    subscriptionKey: e.MTN_MOMO_SUBSCRIPTION_KEY,
    targetEnvironment: e.MTN_MOMO_TARGET_ENVIRONMENT,
    currency: e.MTN_MOMO_CURRENCY ?? (e.MTN_MOMO_TARGET_ENVIRONMENT === 'sandbox' ? 'EUR' : 'ZMW'),
    callbackUrl: callbackBase && `${callbackBase}/mtn`,
    timeoutMs,
  };
  if (e.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY && e.MTN_MOMO_DISBURSEMENT_API_USER && e.MTN_MOMO_DISBURSEMENT_API_KEY)
    settings.disbursement = {
      baseUrl: settings.baseUrl,
      apiUser: e.MTN_MOMO_DISBURSEMENT_API_USER,
      apiKey: e.MTN_MOMO_DISBURSEMENT_API_KEY,
      subscriptionKey: e.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY,
      targetEnvironment: settings.targetEnvironment,
      currency: settings.currency,
      timeoutMs,
    };
  return { issues, settings };
}

export function readAirtelSettings(
  env: NodeJS.ProcessEnv,
  common: CommonProviderSettings,
): SettingsRead<AirtelSettings> {
  const parsed = airtelEnv.safeParse(env);
  if (!parsed.success) return { issues: zodIssues(parsed.error) };
  const e = parsed.data;
  const issues = present([
    incomplete('Airtel Money', AIRTEL_KEYS, e),
    incomplete('Airtel Money refunds', AIRTEL_DISBURSEMENT_KEYS, e),
    refundsWithoutCollections('Airtel Money', AIRTEL_DISBURSEMENT_KEYS, AIRTEL_KEYS, e),
  ]);
  const pinKey = e.AIRTEL_MONEY_PIN_PUBLIC_KEY === undefined ? null : readPinPublicKey(e.AIRTEL_MONEY_PIN_PUBLIC_KEY);
  if (pinKey && !pinKey.ok) issues.push(`AIRTEL_MONEY_PIN_PUBLIC_KEY: ${pinKey.issue}`);
  if (issues.length) return { issues };
  if (!(e.AIRTEL_MONEY_BASE_URL && e.AIRTEL_MONEY_CLIENT_ID && e.AIRTEL_MONEY_CLIENT_SECRET)) return { issues };
  const settings: AirtelSettings = {
    baseUrl: e.AIRTEL_MONEY_BASE_URL,
    clientId: e.AIRTEL_MONEY_CLIENT_ID,
    clientSecret: e.AIRTEL_MONEY_CLIENT_SECRET,
    country: 'ZM',
    currency: 'ZMW',
    callbackUrl: common.callbackBase && `${common.callbackBase}/airtel`,
    timeoutMs: common.timeoutMs,
  };
  if (e.AIRTEL_MONEY_DISBURSEMENT_PIN && pinKey?.ok) {
    const { disbursement: _none, ...collections } = settings;
    settings.disbursement = { ...collections, pin: e.AIRTEL_MONEY_DISBURSEMENT_PIN, pinPublicKeyPem: pinKey.pem };
  }
  return { issues, settings };
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
