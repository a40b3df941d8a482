import { MtnMomoDisbursements } from './mtn-disbursement';
import { MtnMomoCollections } from './mtn-momo';
import { readMtnSettings, type MtnSettings } from './provider-config';
import { MtnMomoTransfers } from './mtn-transfer';
import type { ProviderDefinition } from './provider-definition';

/** MTN MoMo's own API: its wallets, refunds through its Disbursement product (decision 032). */
export const mtnProvider: ProviderDefinition<MtnSettings, 'mtn'> = {
  id: 'mtn',
  readSettings: readMtnSettings,
  collection: (s) => ({ client: new MtnMomoCollections(s), currency: s.currency }),
  refund: {
    route: 'mtn-refund',
    on: (s) => Boolean(s.disbursement),
    client: (s) => new MtnMomoDisbursements(s.disbursement!),
  },
  // Members' shares go out by the same product (docs/decisions/064-member-payouts.md).
  payout: {
    route: 'mtn-transfer',
    networks: (s) => (s.disbursement ? ['mtn'] : []),
    client: (s) => new MtnMomoTransfers(s.disbursement!),
  },
  callback: { kind: 'open' },
};
