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

/** Who collects: the providers the shop has a client for (their settings turn each on). */
export const COLLECTION_PROVIDERS = ['mtn', 'airtel', 'lenco'] as const;
export type CollectionProviderId = (typeof COLLECTION_PROVIDERS)[number];

export const COLLECTION_PROVIDER_NAMES: Record<CollectionProviderId, string> = {
  mtn: 'MTN MoMo',
  airtel: 'Airtel Money',
  lenco: 'Lenco',
};

/** "Zamtel Kwacha through Lenco": how the back office names one collection. */
export function collectionLabel(provider: string, method: string): string {
  const label = PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;
  const name = COLLECTION_PROVIDER_NAMES[provider as CollectionProviderId];
  if (!name || provider === method) return label;
  return `${label} through ${name}`;
}

/**
 * The method of one collection: MTN and Airtel collect their own; an aggregator's is the paying number's
 * network, or a card when there is no number (the card widget asks none of us).
 */
export function methodOfCollection(provider: string, phone: string): PaymentMethod {
  if (provider === 'mtn' || provider === 'airtel') return provider;
  if (!phone) return 'creditCard';
  const mobile = readZambianMobile(phone);
  return mobile.ok ? mobile.mobile.network : 'creditCard';
}
