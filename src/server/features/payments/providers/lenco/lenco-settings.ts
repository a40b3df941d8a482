import { z } from 'zod';
import { optionalSetting } from '../../../../lib/optional-setting';
import { methodsServedBy, type PaymentMethod } from '../../../../../shared/payment-methods';
import type { CommonProviderSettings, SettingsRead } from '../provider-definition';

/**
 * Lenco (API v2, docs/providers/lenco-api.md): one secret API token for the REST calls and the webhooks'
 * signature, a public key for the card widget. Off when LENCO_API_TOKEN is unset.
 */
export interface LencoSettings {
  /** https://api.lenco.co/access/v2 live; the sandbox's base is not published by Lenco, so it is set by hand. */
  baseUrl: string;
  apiToken: string;
  /** The widget's key (public: it goes to the shopper's browser). Needed for cards. */
  publicKey?: string;
  /** The popup widget's script (live https://pay.lenco.co/js/v1/inline.js; sandbox or our simulator's stand-in). */
  widgetUrl: string;
  /** The methods Lenco collects for the shop; for mtn and airtel it takes over from their own APIs. */
  methods: PaymentMethod[];
  /**
   * LENCO_PAYOUT_ACCOUNT_ID: the Lenco account (its 36-character uuid, GET /accounts) members' payouts are
   * debited from; unset: Lenco sends no payouts (docs/decisions/064-member-payouts.md).
   */
  payoutAccountId?: string;
  timeoutMs: number;
}

export const LENCO_LIVE_BASE_URL = 'https://api.lenco.co/access/v2';
export const LENCO_LIVE_WIDGET_URL = 'https://pay.lenco.co/js/v1/inline.js';
const LENCO_METHODS = methodsServedBy('lenco');

const url = optionalSetting(z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')));

const lencoEnv = z.object({
  LENCO_API_TOKEN: optionalSetting(z.string().min(1)),
  LENCO_BASE_URL: url,
  LENCO_PUBLIC_KEY: optionalSetting(z.string().regex(/^[\w-]{1,200}$/, 'must be the public key from Lenco')),
  LENCO_WIDGET_URL: url,
  LENCO_PAYOUT_ACCOUNT_ID: optionalSetting(z.uuid('must be the uuid of the Lenco account payouts are sent from')),
  LENCO_METHODS: optionalSetting(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(LENCO_METHODS, { error: `each must be one of ${LENCO_METHODS.join(', ')}` })).min(1)),
  ),
});

export type LencoSettingsResult = SettingsRead<LencoSettings>;

/**
 * LENCO_METHODS defaults to creditCard (when a public key is set). Zamtel is never on by default: Lenco's
 * collection API documents only mtn and airtel operators in Zambia (decision 035), so a co-op lists it once
 * Lenco confirmed it for their account.
 */
export function readLencoSettings(env: NodeJS.ProcessEnv, { timeoutMs }: CommonProviderSettings): LencoSettingsResult {
  const parsed = lencoEnv.safeParse(env);
  if (!parsed.success) return { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  if (!e.LENCO_API_TOKEN) {
    const stray = (
      ['LENCO_BASE_URL', 'LENCO_PUBLIC_KEY', 'LENCO_WIDGET_URL', 'LENCO_METHODS', 'LENCO_PAYOUT_ACCOUNT_ID'] as const
    ).filter((key) => e[key] !== undefined);
    return {
      issues: stray.length
        ? [`${stray.join(', ')}: Lenco needs LENCO_API_TOKEN as well (or none, to leave it off)`]
        : [],
    };
  }
  const methods = e.LENCO_METHODS ?? (e.LENCO_PUBLIC_KEY ? ['creditCard' as const] : []);
  // A co-op may use Lenco for members' payouts only: then it collects nothing.
  if (methods.length === 0 && !e.LENCO_PAYOUT_ACCOUNT_ID)
    return { issues: [`LENCO_METHODS: say which methods Lenco collects (${LENCO_METHODS.join(', ')})`] };
  if (methods.includes('creditCard') && !e.LENCO_PUBLIC_KEY)
    return { issues: ['LENCO_PUBLIC_KEY: cards through Lenco need the public key of its widget'] };
  return {
    issues: [],
    settings: {
      baseUrl: e.LENCO_BASE_URL ?? LENCO_LIVE_BASE_URL,
      apiToken: e.LENCO_API_TOKEN,
      publicKey: e.LENCO_PUBLIC_KEY,
      widgetUrl: e.LENCO_WIDGET_URL ?? LENCO_LIVE_WIDGET_URL,
      methods: [...new Set(methods)],
      payoutAccountId: e.LENCO_PAYOUT_ACCOUNT_ID,
      timeoutMs,
    },
  };
}
