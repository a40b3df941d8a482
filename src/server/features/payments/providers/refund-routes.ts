import type { RefundRoute } from '../../../../shared/refunds';
import type { RefundProvider } from './refund-provider';
import { providerEntry, PROVIDERS, type PaymentProviderSettings } from './registry';

/** The routes a refund can take through a provider's API (the rest are recorded by hand). */
export type ProviderRefundRoute = Exclude<RefundRoute, 'by-hand'>;

/**
 * Which way money collected through `provider` goes back now, given the settings
 * (docs/decisions/032-refunds-sent-once.md): the route of its registry entry's refund client when its refund
 * settings are set (MTN: its Disbursement product's refund; Airtel: a disbursement to the shopper's number,
 * for any amount; Airtel's collection refund is not used), else by hand (Lenco has no refund API).
 */
export function refundRouteFor(provider: string, settings: PaymentProviderSettings | undefined): RefundRoute {
  const refund = providerEntry(provider)?.refund;
  return refund && settings && refund.on(settings) ? refund.route : 'by-hand';
}

/** The refund clients the settings turn on, by route. */
export function refundProvidersFor(
  settings: PaymentProviderSettings | undefined,
): Partial<Record<ProviderRefundRoute, RefundProvider>> {
  const clients: Partial<Record<ProviderRefundRoute, RefundProvider>> = {};
  for (const { refund } of PROVIDERS)
    if (refund && settings && refund.on(settings)) clients[refund.route] = refund.client(settings);
  return clients;
}
