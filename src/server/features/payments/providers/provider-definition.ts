import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CollectionProviderId, PaymentMethod } from '../../../../shared/payment-methods';
import type { ProviderPayoutRoute } from '../../../../shared/payouts';
import type { MobileNetwork } from '../../../../shared/phone-numbers';
import type { CardWidget } from '../../../../shared/schemas/payments';
import type { CollectionProvider } from './collection-provider';
import type { PayoutProvider } from './payout-provider';
import type { RefundProvider } from './refund-provider';
import type { ProviderRefundRoute } from './refund-routes';
import type { SignedCallbackOptions } from './signed-callback';

/** What every provider's settings share (PAYMENT_PROVIDER_TIMEOUT_SECONDS, PAYMENTS_CALLBACK_BASE_URL). */
export interface CommonProviderSettings {
  timeoutMs: number;
  /** A provider's callback URL is `${callbackBase}/${id}` (the route payments/routes.ts registers). */
  callbackBase?: string;
}

/** A provider's settings as read from the environment: none when its keys are unset; issues as "NAME: what is wrong". */
export interface SettingsRead<S> {
  issues: string[];
  settings?: S;
}

/** The attempt a card widget is opened for. */
export interface CardAttempt {
  provider: string;
  reference: string;
  orderId: string;
  phone: string;
  amountNgwee: number;
}

/**
 * One collection provider, defined in its own folder and listed in registry.ts
 * (docs/decisions/034-provider-registry.md). Its id, name and the methods it can serve are its entry in
 * src/shared/payment-methods.ts (the browser's half); everything here works on its own settings `S`.
 */
export interface ProviderDefinition<S, Id extends CollectionProviderId = CollectionProviderId> {
  id: Id;
  /** Its settings from the environment (half a set is an issue; none leaves it off). */
  readSettings(env: NodeJS.ProcessEnv, common: CommonProviderSettings): SettingsRead<S>;
  /** The methods it collects with these settings; left out, every method of its shared entry. */
  methods?(settings: S): PaymentMethod[];
  /** Its collection client and the currency it is asked for. */
  collection(settings: S): { client: CollectionProvider; currency: string };
  /** How money it collected goes back through its API, when its refund settings are set; else by hand. */
  refund?: {
    route: ProviderRefundRoute;
    on(settings: S): boolean;
    client(settings: S): RefundProvider;
  };
  /**
   * How it sends members their shares (docs/decisions/064-member-payouts.md), when its payout settings are
   * set: the networks whose wallets it pays ([] when off) and its client.
   */
  payout?: {
    route: ProviderPayoutRoute;
    networks(settings: S): readonly MobileNetwork[];
    client(settings: S): PayoutProvider;
  };
  /** A card paid in its hosted widget: the widget's options for an attempt, and the origin the pages' policy opens. */
  cardWidget?: {
    options(settings: S, attempt: CardAttempt, email: string): CardWidget | null;
    origin(settings: S): string | null;
  };
  /**
   * Its callback at /api/payments/callback/{id}: open (POST and PUT; anyone may post, it is only a hint to
   * read; MTN and Airtel), or signed: its own plugin, which refuses a bad signature with 401 and serves
   * POST only (Lenco, lenco/lenco-webhook-routes.ts).
   */
  callback: { kind: 'open' } | { kind: 'signed'; routes: FastifyPluginAsyncZod<SignedCallbackOptions> };
}
