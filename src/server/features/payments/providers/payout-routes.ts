import type { PayoutRoute, ProviderPayoutRoute } from '../../../../shared/payouts';
import type { MobileNetwork } from '../../../../shared/phone-numbers';
import type { PayoutProvider } from './payout-provider';
import { PROVIDERS, type PaymentProviderSettings } from './registry';

/**
 * Which way a member's share goes to her wallet on `network`, given the settings
 * (docs/decisions/064-member-payouts.md): the network's own API when its disbursement settings are set
 * (MTN's transfer, Airtel's disbursement), else an aggregator that pays that network (Lenco's mobile-money
 * transfer, with LENCO_PAYOUT_ACCOUNT_ID), else by hand. Zamtel has no API of its own: Lenco or by hand.
 */
export function payoutRouteFor(network: MobileNetwork, settings: PaymentProviderSettings | undefined): PayoutRoute {
  if (!settings) return 'by-hand';
  const paying = PROVIDERS.filter((entry) => entry.payout?.networks(settings).includes(network));
  const chosen = paying.find((entry) => !entry.aggregator) ?? paying[0];
  return chosen?.payout?.route ?? 'by-hand';
}

/** The payout clients the settings turn on, by route. */
export function payoutProvidersFor(
  settings: PaymentProviderSettings | undefined,
): Partial<Record<ProviderPayoutRoute, PayoutProvider>> {
  const clients: Partial<Record<ProviderPayoutRoute, PayoutProvider>> = {};
  for (const { payout } of PROVIDERS)
    if (payout && settings && payout.networks(settings).length > 0) clients[payout.route] = payout.client(settings);
  return clients;
}
