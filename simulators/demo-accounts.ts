import type { AirtelAccount } from './airtel-money';
import type { MtnAccount } from './mtn-momo';
import type { MtnDisbursementAccount } from './mtn-disbursement';
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
  pin: '4321',
};
/** MTN's Disbursement product (refunds) has its own subscription key, API user and key. */
export const DEMO_MTN_DISBURSEMENT: MtnDisbursementAccount = {
  apiUser: '5e1d2c3b-4a59-4f68-8e7d-6c5b4a392817',
  apiKey: 'simulator-mtn-disbursement-api-key',
  subscriptionKey: 'simulator-mtn-disbursement-subscription-key',
};
export const DEMO_AFRICASTALKING: AfricasTalkingAccount = {
  username: 'coop-shop-simulator',
  apiKey: 'simulator-africastalking-api-key',
};
/** The USSD channel: the short code the simulated phone dials, and the secret in the shop's callback path. */
export const DEMO_USSD = {
  serviceCode: '*384*123#',
  secret: 'simulator-ussd-callback-secret-0123456789abcdef',
};
