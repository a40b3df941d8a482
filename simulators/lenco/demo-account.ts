import type { LencoAccount } from './lenco-api';

/** Lenco: one secret API token (REST calls and webhook signatures) and the widget's public key. */
export const DEMO_LENCO: LencoAccount = {
  apiToken: 'simulator-lenco-api-token',
  publicKey: 'pub-simulator-lenco',
};
