import type { RefundRoute } from '../../../../shared/refunds';
import { AirtelMoneyDisbursements } from './airtel-disbursement';
import type { ProviderName } from './collection-provider';
import { MtnMomoDisbursements } from './mtn-disbursement';
import type { PaymentProviderSettings } from './provider-config';
import type { RefundProvider } from './refund-provider';

/** The routes a refund can take through a provider's API (the rest are recorded by hand). */
export type ProviderRefundRoute = Exclude<RefundRoute, 'by-hand'>;

/**
 * Which way money collected through `provider` goes back now, given the settings
 * (docs/decisions/032-refunds-sent-once.md). MTN: its Disbursement product's refund. Airtel: a
 * disbursement to the shopper's number, for any amount; Airtel's collection refund (whole amounts only,
 * no id of ours, no status read, so a lost answer could never be sent again safely) is not used.
 * Without the provider's refund settings: by hand.
 */
export function refundRouteFor(provider: ProviderName, settings: PaymentProviderSettings | undefined): RefundRoute {
  if (provider === 'mtn') return settings?.mtnDisbursement ? 'mtn-refund' : 'by-hand';
  return settings?.airtelDisbursement ? 'airtel-disbursement' : 'by-hand';
}

/** The refund clients the settings turn on, by route. */
export function refundProvidersFor(
  settings: PaymentProviderSettings | undefined,
): Partial<Record<ProviderRefundRoute, RefundProvider>> {
  return {
    ...(settings?.mtnDisbursement ? { 'mtn-refund': new MtnMomoDisbursements(settings.mtnDisbursement) } : {}),
    ...(settings?.airtelDisbursement
      ? { 'airtel-disbursement': new AirtelMoneyDisbursements(settings.airtelDisbursement) }
      : {}),
  };
}
