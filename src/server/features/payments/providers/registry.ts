import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COLLECTION_PROVIDERS,
  PAYMENT_METHODS,
  type CollectionProviderId,
  type PaymentMethod,
} from '../../../../shared/payment-methods';
import type { ProviderPayoutRoute } from '../../../../shared/payouts';
import type { MobileNetwork } from '../../../../shared/phone-numbers';
import type { CardWidget } from '../../../../shared/schemas/payments';
import { airtelProvider } from './airtel-provider';
import type { CollectionProvider } from './collection-provider';
import { lencoProvider } from './lenco/lenco-provider';
import { mtnProvider } from './mtn-provider';
import type { PayoutProvider } from './payout-provider';
import { readCommonProviderSettings } from './provider-config';
import type { CardAttempt, ProviderDefinition } from './provider-definition';
import type { RefundProvider } from './refund-provider';
import type { ProviderRefundRoute } from './refund-routes';
import type { SignedCallbackOptions } from './signed-callback';

/**
 * The collection providers, one line each (docs/decisions/034-provider-registry.md). A provider is defined
 * in its own folder (its settings, client, callback, refunds: provider-definition.ts) and named, with the
 * methods it can serve, in src/shared/payment-methods.ts; payments, refunds, checkout's methods, the
 * callback routes, the card widget and the settings all read this list.
 */
const DEFINITIONS = [mtnProvider, airtelProvider, lencoProvider] as const;

type Definition = (typeof DEFINITIONS)[number];
/** Each provider's own settings under its id; a provider without settings is off. */
export type PaymentProviderSettings = {
  [D in Definition as D['id']]?: D extends ProviderDefinition<infer S, CollectionProviderId> ? S : never;
};

/** A provider as the rest of payments uses it: each part reads the provider's own settings, off when unset. */
export interface ProviderEntry {
  id: CollectionProviderId;
  name: string;
  /** The methods it collects given the settings ([] when off). */
  methods(settings: PaymentProviderSettings): PaymentMethod[];
  /** One that can serve several methods: its settings' list is a co-op's choice and wins over a network's own API. */
  aggregator: boolean;
  collection(settings: PaymentProviderSettings): { client: CollectionProvider; currency: string } | null;
  refund?: {
    route: ProviderRefundRoute;
    on(settings: PaymentProviderSettings): boolean;
    client(settings: PaymentProviderSettings): RefundProvider;
  };
  payout?: {
    route: ProviderPayoutRoute;
    /** The networks whose wallets it pays now ([] when its payout settings are not set). */
    networks(settings: PaymentProviderSettings): readonly MobileNetwork[];
    client(settings: PaymentProviderSettings): PayoutProvider;
  };
  cardWidget?: {
    options(settings: PaymentProviderSettings, attempt: CardAttempt, email: string): CardWidget | null;
    origin(settings: PaymentProviderSettings): string | null;
  };
  callback: { kind: 'open' } | { kind: 'signed'; routes: FastifyPluginAsyncZod<SignedCallbackOptions> };
}

function entryOf<S>(definition: ProviderDefinition<S>): ProviderEntry {
  const shared = COLLECTION_PROVIDERS.find((provider) => provider.id === definition.id);
  if (!shared) throw new Error(`${definition.id} has no entry in src/shared/payment-methods.ts`);
  const own = (settings: PaymentProviderSettings) =>
    (settings as Partial<Record<CollectionProviderId, unknown>>)[definition.id] as S | undefined;
  const served: PaymentMethod[] = [...shared.methods];
  const { refund, payout, cardWidget } = definition;
  const on = <T>(settings: PaymentProviderSettings, use: (s: S) => T, off: T): T => {
    const s = own(settings);
    return s === undefined ? off : use(s);
  };
  return {
    id: definition.id,
    name: shared.name,
    methods: (settings) => on(settings, (s) => definition.methods?.(s) ?? served, []),
    aggregator: served.length > 1,
    collection: (settings) => on(settings, (s) => definition.collection(s), null),
    refund: refund && {
      route: refund.route,
      on: (settings) => on(settings, (s) => refund.on(s), false),
      client: (settings) => refund.client(own(settings)!),
    },
    payout: payout && {
      route: payout.route,
      networks: (settings) => on(settings, (s) => payout.networks(s), []),
      client: (settings) => payout.client(own(settings)!),
    },
    cardWidget: cardWidget && {
      options: (settings, attempt, email) => on(settings, (s) => cardWidget.options(s, attempt, email), null),
      origin: (settings) => on(settings, (s) => cardWidget.origin(s), null),
    },
    callback: definition.callback,
  };
}

export const PROVIDERS: readonly ProviderEntry[] = DEFINITIONS.map((definition) =>
  entryOf(definition as ProviderDefinition<unknown>),
);

export type PaymentSettingsResult = { ok: true; settings: PaymentProviderSettings } | { ok: false; issues: string[] };

/** Every provider's settings from the environment; issues come back as "NAME: what is wrong" lines, as config.ts prints them. */
export function readPaymentProviderSettings(env: NodeJS.ProcessEnv): PaymentSettingsResult {
  const common = readCommonProviderSettings(env);
  if (!common.settings) return { ok: false, issues: common.issues };
  const issues: string[] = [];
  const settings: Partial<Record<CollectionProviderId, unknown>> = {};
  for (const definition of DEFINITIONS as readonly ProviderDefinition<unknown>[]) {
    const read = definition.readSettings(env, common.settings);
    issues.push(...read.issues);
    if (read.settings !== undefined) settings[definition.id] = read.settings;
  }
  return issues.length ? { ok: false, issues } : { ok: true, settings: settings as PaymentProviderSettings };
}

/** The callback operations each provider has ("POST /payments/callback/mtn"), for the route list the tests keep. */
export const callbackOperations = (): string[] =>
  PROVIDERS.flatMap(({ id, callback }) =>
    (callback.kind === 'open' ? ['POST', 'PUT'] : ['POST']).map((method) => `${method} /payments/callback/${id}`),
  );

export const providerEntry = (id: string): ProviderEntry | undefined => PROVIDERS.find((entry) => entry.id === id);

/** Which configured provider collects a method now, or null (then it is paid by hand, or not offered). */
export function collectorOf(method: string, settings: PaymentProviderSettings): ProviderEntry | null {
  const collecting = PROVIDERS.filter((entry) => entry.methods(settings).includes(method as PaymentMethod));
  return collecting.find((entry) => entry.aggregator) ?? collecting[0] ?? null;
}

/** The methods a provider collects with these settings, in the checkout's order (the rest are paid by hand). */
export const collectedMethods = (settings: PaymentProviderSettings | undefined): PaymentMethod[] =>
  settings ? PAYMENT_METHODS.filter((method) => collectorOf(method, settings)) : [];

/** The widget options for a card attempt, from the provider that took it; null for a mobile-money one. */
export const cardWidgetFor = (settings: PaymentProviderSettings, attempt: CardAttempt, email: string) =>
  providerEntry(attempt.provider)?.cardWidget?.options(settings, attempt, email) ?? null;

/** The origin of the card widget's script when a provider collects cards now; null when cards are paid by hand. */
export function cardWidgetOrigin(payments: { settings: PaymentProviderSettings } | undefined): string | null {
  if (!payments) return null;
  return collectorOf('creditCard', payments.settings)?.cardWidget?.origin(payments.settings) ?? null;
}
