import type { AirtelAccount } from './airtel-money';
import type { MtnAccount } from './mtn-momo';
import type { AfricasTalkingAccount } from './africastalking-sms';

/** The demo credentials; docs/operations/payments.md names the shop's settings that match them. */
export const DEMO_MTN: MtnAccount = {
  apiUser: '0b6c3f1e-5d2a-4c8e-9f71-3a2d4e5f6a7b',
  apiKey: 'simulator-mtn-api-key',
  subscriptionKey: 'simulator-mtn-subscription-key',
  targetEnvironment: 'mtnzambia',
  currency: 'ZMW',
  tokenSeconds: 3600,
};
export const DEMO_AIRTEL: AirtelAccount = {
  clientId: 'simulator-airtel-client-id',
  clientSecret: 'simulator-airtel-client-secret',
  tokenSeconds: 180,
};
export const DEMO_AFRICASTALKING: AfricasTalkingAccount = {
  username: 'coop-shop-simulator',
  apiKey: 'simulator-africastalking-api-key',
};
