import type { LencoAccount } from './lenco-api';

/** Lenco: one secret API token (REST calls and webhook signatures), the widget's public key, the payouts' account. */
export const DEMO_LENCO: LencoAccount = {
  apiToken: 'simulator-lenco-api-token',
  publicKey: 'pub-simulator-lenco',
  accountId: '7c1e4f2a-9b3d-4e8f-a6c5-2d1b0e9f8a7c',
};
