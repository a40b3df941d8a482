/**
 * The ways a shopper pays (SPEC §1, §7) and the providers that collect them, in one place for the server,
 * the checkout and the back office (docs/decisions/034-provider-registry.md). A payment method is what the
 * shopper chooses; a collection provider is who takes the money (MTN and Airtel directly, or an aggregator
 * such as Lenco for Zamtel and cards). Which provider collects which method is the server's registry
 * (src/server/features/payments/providers/registry.ts), from the settings.
 */
import { readZambianMobile, type MobileNetwork } from './phone-numbers';

/**
 * The checkout's order (SPEC: Airtel Money, MTN Mobile Money, Credit / Debit Card; Zamtel Kwacha after MTN).
 * Pay on collection comes last and only with a pickup point that takes it (decision 045).
 */
export const PAYMENT_METHODS = ['airtel', 'mtn', 'zamtel', 'creditCard', 'collection'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The checkout's preselected method (SPEC §7). */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'airtel';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  airtel: 'Airtel Money',
  mtn: 'MTN Mobile Money',
  zamtel: 'Zamtel Kwacha',
  creditCard: 'Credit / Debit Card',
  collection: 'Pay on collection',
};

/** Pay on collection: the shopper pays the pickup point's keeper when collecting; no provider is asked. */
export const PAY_ON_COLLECTION = 'collection' satisfies PaymentMethod;
export const paysOnCollection = (method: string): boolean => method === PAY_ON_COLLECTION;

/** How the keeper was paid on collection, as the keeper or the admin says when handing the parcel over. */
export const COLLECTION_PAYMENTS = ['cash', 'mobileMoney'] as const;
export type CollectionPayment = (typeof COLLECTION_PAYMENTS)[number];
export const COLLECTION_PAYMENT_LABELS: Record<CollectionPayment, string> = {
  cash: 'Cash',
  mobileMoney: 'Mobile money',
};

/** The mobile-money methods: each is one network's wallet, named as the network (src/shared/phone-numbers.ts). */
export const MOBILE_MONEY_METHODS = ['airtel', 'mtn', 'zamtel'] as const satisfies readonly MobileNetwork[];
export type MobileMoneyMethod = (typeof MOBILE_MONEY_METHODS)[number];

export const paysByMobileMoney = (method: string): method is MobileMoneyMethod =>
  (MOBILE_MONEY_METHODS as readonly string[]).includes(method);

/**
 * Methods a shopper can always choose, since they can be paid by hand without a provider (to the co-op's
 * MTN or Airtel number; a card by a link a member sends). Zamtel has no by-hand way: it is offered only
 * when a provider collects it.
 */
export const ALWAYS_OFFERED: readonly PaymentMethod[] = ['airtel', 'mtn', 'creditCard'];

/** The methods offered at checkout, in the checkout's order: the always-offered ones and those a provider collects. */
export const offeredMethods = (collected: readonly PaymentMethod[]): PaymentMethod[] =>
  PAYMENT_METHODS.filter((method) => ALWAYS_OFFERED.includes(method) || collected.includes(method));

/**
 * Who collects: one entry per provider the shop has a client for (its settings turn it on), with its name
 * and the methods it can serve. This is the registry's half the browser reads; the server's half (client,
 * settings, callback, refunds) is src/server/features/payments/providers/registry.ts, which cannot live here.
 * A provider serving one method collects only its own network's wallet; one serving several (an
 * aggregator) serves those its settings choose.
 */
export const COLLECTION_PROVIDERS = [
  { id: 'mtn', name: 'MTN MoMo', methods: ['mtn'] },
  { id: 'airtel', name: 'Airtel Money', methods: ['airtel'] },
  { id: 'lenco', name: 'Lenco', methods: ['zamtel', 'creditCard', 'mtn', 'airtel'] },
] as const satisfies readonly { id: string; name: string; methods: readonly PaymentMethod[] }[];
export type CollectionProviderId = (typeof COLLECTION_PROVIDERS)[number]['id'];
export const COLLECTION_PROVIDER_IDS = COLLECTION_PROVIDERS.map((provider) => provider.id) as [
  CollectionProviderId,
  ...CollectionProviderId[],
];

export const COLLECTION_PROVIDER_NAMES = Object.fromEntries(
  COLLECTION_PROVIDERS.map((provider) => [provider.id, provider.name]),
) as Record<CollectionProviderId, string>;

type ServedBy<Id extends CollectionProviderId> = Extract<(typeof COLLECTION_PROVIDERS)[number], { id: Id }>['methods'];
/** The methods a provider can serve (its settings choose among them). */
export const methodsServedBy = <Id extends CollectionProviderId>(id: Id): ServedBy<Id> =>
  COLLECTION_PROVIDERS.find((provider) => provider.id === id)!.methods as ServedBy<Id>;

const collectionProvider = (id: string) => COLLECTION_PROVIDERS.find((provider) => provider.id === id);

/** "Zamtel Kwacha through Lenco": how the back office names one collection ("MTN Mobile Money" when MTN took its own). */
export function collectionLabel(provider: string, method: string): string {
  const label = PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;
  const entry = collectionProvider(provider);
  if (!entry || (entry.methods.length === 1 && entry.methods[0] === method)) return label;
  return `${label} through ${entry.name}`;
}

/**
 * The method of one collection: a provider serving one method collected that one; an aggregator's is the
 * paying number's network, or a card when there is no number (the card widget asks none of us).
 */
export function methodOfCollection(provider: string, phone: string): PaymentMethod {
  const methods: readonly PaymentMethod[] = collectionProvider(provider)?.methods ?? [];
  if (methods.length === 1) return methods[0];
  if (!phone) return 'creditCard';
  const mobile = readZambianMobile(phone);
  return mobile.ok ? mobile.mobile.network : 'creditCard';
}
