import { DEMO_AFRICASTALKING, DEMO_USSD } from './demo-accounts';
import { SIMULATED_PROVIDERS } from './providers';

/**
 * The shop's settings (environment variables, docs/settings.md) that make its providers (providers.ts) collect (and refund) through a
 * simulator at `simulatorUrl`, with callbacks to `callbackBase` (the shop's `.../api/payments/callback`),
 * its text messages go to the simulator's Africa's Talking SMS API, and its USSD callback answers the simulator's phone.
 * Used by `PAYMENTS=simulator npm start`, the crash tests and the bench; names only, no shop code.
 */
export function shopEnvForSimulator(simulatorUrl: string, callbackBase: string | undefined): Record<string, string> {
  return {
    ...Object.assign({}, ...SIMULATED_PROVIDERS.map((provider) => provider.shopEnv(simulatorUrl, callbackBase))),
    PAYMENTS_CALLBACK_BASE_URL: callbackBase ?? '',
    SMS_PROVIDER: 'africastalking',
    AFRICASTALKING_USERNAME: DEMO_AFRICASTALKING.username,
    AFRICASTALKING_API_KEY: DEMO_AFRICASTALKING.apiKey,
    AFRICASTALKING_URL: simulatorUrl,
    // The simulator's feature phone (/ussd) dials the shop's USSD callback with this secret.
    USSD_CALLBACK_SECRET: DEMO_USSD.secret,
    USSD_SERVICE_CODE: DEMO_USSD.serviceCode,
  };
}
