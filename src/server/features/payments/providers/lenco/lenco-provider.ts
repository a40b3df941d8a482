import type { ProviderDefinition } from '../provider-definition';
import { LencoCollections } from './lenco-collections';
import { readLencoSettings, type LencoSettings } from './lenco-settings';
import { LencoTransfers } from './lenco-transfers';
import lencoWebhookRoutes from './lenco-webhook-routes';
import { lencoWidgetOptions, lencoWidgetOrigin } from './lenco-widget';

/**
 * Lenco, an aggregator: the methods LENCO_METHODS names (cards in its popup widget, Zamtel, and MTN or
 * Airtel when a co-op routes them here), signed webhooks. It has no refund API (a payout to the wallet
 * would be one; decision 035): its refunds are by hand. With LENCO_PAYOUT_ACCOUNT_ID it sends members'
 * shares to any Zambian wallet (its transfer operators: mtn, airtel, zamtel), for the networks whose own
 * API does not (docs/decisions/064-member-payouts.md).
 */
export const lencoProvider: ProviderDefinition<LencoSettings, 'lenco'> = {
  id: 'lenco',
  readSettings: readLencoSettings,
  methods: (s) => s.methods,
  collection: (s) => ({ client: new LencoCollections(s), currency: 'ZMW' }),
  payout: {
    route: 'lenco-transfer',
    networks: (s) => (s.payoutAccountId ? ['mtn', 'airtel', 'zamtel'] : []),
    client: (s) => new LencoTransfers({ ...s, payoutAccountId: s.payoutAccountId! }),
  },
  cardWidget: { options: lencoWidgetOptions, origin: lencoWidgetOrigin },
  callback: { kind: 'signed', routes: lencoWebhookRoutes },
};
