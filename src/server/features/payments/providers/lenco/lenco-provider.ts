import type { ProviderDefinition } from '../provider-definition';
import { LencoCollections } from './lenco-collections';
import { readLencoSettings, type LencoSettings } from './lenco-settings';
import lencoWebhookRoutes from './lenco-webhook-routes';
import { lencoWidgetOptions, lencoWidgetOrigin } from './lenco-widget';

/**
 * Lenco, an aggregator: the methods LENCO_METHODS names (cards in its popup widget, Zamtel, and MTN or
 * Airtel when a co-op routes them here), signed webhooks. It has no refund API (a payout to the wallet
 * would be one; decision 035): its refunds are by hand.
 */
export const lencoProvider: ProviderDefinition<LencoSettings, 'lenco'> = {
  id: 'lenco',
  readSettings: readLencoSettings,
  methods: (s) => s.methods,
  collection: (s) => ({ client: new LencoCollections(s), currency: 'ZMW' }),
  cardWidget: { options: lencoWidgetOptions, origin: lencoWidgetOrigin },
  callback: { kind: 'signed', routes: lencoWebhookRoutes },
};
