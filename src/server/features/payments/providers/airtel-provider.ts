import { AirtelMoneyDisbursements } from './airtel-disbursement';
import { AirtelMoneyCollections } from './airtel-money';
import { readAirtelSettings, type AirtelSettings } from './provider-config';
import type { ProviderDefinition } from './provider-definition';

/** Airtel Money's own API: its wallets, refunds by a disbursement to the shopper's number (decision 032). */
export const airtelProvider: ProviderDefinition<AirtelSettings, 'airtel'> = {
  id: 'airtel',
  readSettings: readAirtelSettings,
  collection: (s) => ({ client: new AirtelMoneyCollections(s), currency: s.currency }),
  refund: {
    route: 'airtel-disbursement',
    on: (s) => Boolean(s.disbursement),
    client: (s) => new AirtelMoneyDisbursements(s.disbursement!),
  },
  // Members' shares go out by the same product (docs/decisions/064-member-payouts.md).
  payout: {
    route: 'airtel-disbursement',
    networks: (s) => (s.disbursement ? ['airtel'] : []),
    client: (s) => new AirtelMoneyDisbursements(s.disbursement!),
  },
  callback: { kind: 'open' },
};
