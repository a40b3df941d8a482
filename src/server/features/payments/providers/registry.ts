import type { CollectionProviderId, PaymentMethod } from '../../../../shared/payment-methods';
import { COLLECTION_PROVIDER_NAMES, PAYMENT_METHODS } from '../../../../shared/payment-methods';
import type { ProviderRefundRoute } from './refund-routes';
import { AirtelMoneyDisbursements } from './airtel-disbursement';
import { AirtelMoneyCollections } from './airtel-money';
import type { CollectionProvider } from './collection-provider';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LencoCollections } from './lenco/lenco-collections';
import lencoWebhookRoutes from './lenco/lenco-webhook-routes';
import { MtnMomoDisbursements } from './mtn-disbursement';
import { MtnMomoCollections } from './mtn-momo';
import type { PaymentProviderSettings } from './provider-config';
import type { RefundProvider } from './refund-provider';
import type { SignedCallbackOptions } from './signed-callback';

/**
 * The collection providers, each joining in one entry (docs/decisions/034-provider-registry.md): its id and
 * name, the methods it collects with the settings it has, its collection client, its refund client if any
 * and its callback. Payments, refunds, checkout's list of methods and the callback routes all read this
 * list; a fifth provider is an entry here, a folder of its own beside lenco/, its settings in
 * provider-config.ts and its id in src/shared/payment-methods.ts.
 */
export interface ProviderEntry {
  id: CollectionProviderId;
  name: string;
  /** The methods it collects given the settings ([] when off). */
  methods(settings: PaymentProviderSettings): PaymentMethod[];
  /** An aggregator's list is a co-op's explicit choice: it wins over a network's own API for the same method. */
  aggregator: boolean;
  /** Its collection client and the currency it is asked for, when its settings are set. */
  collection(settings: PaymentProviderSettings): { client: CollectionProvider; currency: string } | null;
  /** How money it collected goes back through its API, when its refund settings are set; else by hand. */
  refund?: {
    route: ProviderRefundRoute;
    on(settings: PaymentProviderSettings): boolean;
    client(settings: PaymentProviderSettings): RefundProvider;
  };
  /**
   * Its callback at /api/payments/callback/{id} (POST and PUT): open (anyone may post, it is only a hint
   * to read; MTN and Airtel), or signed: its own plugin, which refuses a bad signature with 401 and serves
   * POST only (Lenco, lenco/lenco-webhook-routes.ts).
   */
  callback: { kind: 'open' } | { kind: 'signed'; routes: FastifyPluginAsyncZod<SignedCallbackOptions> };
}

export const PROVIDERS: readonly ProviderEntry[] = [
  {
    id: 'mtn',
    name: COLLECTION_PROVIDER_NAMES.mtn,
    methods: (s) => (s.mtn ? ['mtn'] : []),
    aggregator: false,
    collection: (s) => (s.mtn ? { client: new MtnMomoCollections(s.mtn), currency: s.mtn.currency } : null),
    refund: {
      route: 'mtn-refund',
      on: (s) => Boolean(s.mtnDisbursement),
      client: (s) => new MtnMomoDisbursements(s.mtnDisbursement!),
    },
    callback: { kind: 'open' },
  },
  {
    id: 'airtel',
    name: COLLECTION_PROVIDER_NAMES.airtel,
    methods: (s) => (s.airtel ? ['airtel'] : []),
    aggregator: false,
    collection: (s) =>
      s.airtel ? { client: new AirtelMoneyCollections(s.airtel), currency: s.airtel.currency } : null,
    refund: {
      route: 'airtel-disbursement',
      on: (s) => Boolean(s.airtelDisbursement),
      client: (s) => new AirtelMoneyDisbursements(s.airtelDisbursement!),
    },
    callback: { kind: 'open' },
  },
  {
    id: 'lenco',
    name: COLLECTION_PROVIDER_NAMES.lenco,
    methods: (s) => s.lenco?.methods ?? [],
    aggregator: true,
    collection: (s) => (s.lenco ? { client: new LencoCollections(s.lenco), currency: 'ZMW' } : null),
    // Lenco has no refund API (a payout to the wallet would be one; decision 035): refunds are by hand.
    callback: { kind: 'signed', routes: lencoWebhookRoutes },
  },
];

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
