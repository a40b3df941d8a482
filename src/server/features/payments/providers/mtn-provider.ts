import { MtnMomoDisbursements } from './mtn-disbursement';
import { MtnMomoCollections } from './mtn-momo';
import { readMtnSettings, type MtnSettings } from './provider-config';
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
  callback: { kind: 'open' },
};
