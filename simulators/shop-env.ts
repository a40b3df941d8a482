import { DEMO_AFRICASTALKING, DEMO_AIRTEL, DEMO_MTN } from './demo-accounts';

/**
 * The shop's settings (environment variables, docs/settings.md) that make both its providers collect through a
 * simulator at `simulatorUrl`, with callbacks to `callbackBase` (the shop's `.../api/payments/callback`),
 * and its text messages go to the simulator's Africa's Talking SMS API.
 * Used by `PAYMENTS=simulator npm start`, the crash tests and the bench; names only, no shop code.
 */
export function shopEnvForSimulator(simulatorUrl: string, callbackBase: string | undefined): Record<string, string> {
  return {
    MTN_MOMO_BASE_URL: simulatorUrl,
    MTN_MOMO_API_USER: DEMO_MTN.apiUser,
    MTN_MOMO_API_KEY: DEMO_MTN.apiKey,
    MTN_MOMO_SUBSCRIPTION_KEY: DEMO_MTN.subscriptionKey,
    MTN_MOMO_TARGET_ENVIRONMENT: DEMO_MTN.targetEnvironment,
    MTN_MOMO_CURRENCY: DEMO_MTN.currency,
    AIRTEL_MONEY_BASE_URL: simulatorUrl,
    AIRTEL_MONEY_CLIENT_ID: DEMO_AIRTEL.clientId,
    AIRTEL_MONEY_CLIENT_SECRET: DEMO_AIRTEL.clientSecret,
    PAYMENTS_CALLBACK_BASE_URL: callbackBase ?? '',
    SMS_PROVIDER: 'africastalking',
    AFRICASTALKING_USERNAME: DEMO_AFRICASTALKING.username,
    AFRICASTALKING_API_KEY: DEMO_AFRICASTALKING.apiKey,
    AFRICASTALKING_URL: simulatorUrl,
  };
}
