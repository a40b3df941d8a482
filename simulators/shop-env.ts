import { AIRTEL_PIN_PUBLIC_KEY_PEM } from './airtel-pin-key';
import {
  DEMO_AFRICASTALKING,
  DEMO_AIRTEL,
  DEMO_LENCO,
  DEMO_MTN,
  DEMO_MTN_DISBURSEMENT,
  DEMO_USSD,
} from './demo-accounts';
import { LENCO_BASE_PATH } from './lenco';

/**
 * The shop's settings (environment variables, docs/settings.md) that make its providers (MTN, Airtel, Lenco) collect (and refund) through a
 * simulator at `simulatorUrl`, with callbacks to `callbackBase` (the shop's `.../api/payments/callback`),
 * its text messages go to the simulator's Africa's Talking SMS API, and its USSD callback answers the simulator's phone.
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
    MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: DEMO_MTN_DISBURSEMENT.subscriptionKey,
    MTN_MOMO_DISBURSEMENT_API_USER: DEMO_MTN_DISBURSEMENT.apiUser,
    MTN_MOMO_DISBURSEMENT_API_KEY: DEMO_MTN_DISBURSEMENT.apiKey,
    AIRTEL_MONEY_BASE_URL: simulatorUrl,
    AIRTEL_MONEY_CLIENT_ID: DEMO_AIRTEL.clientId,
    AIRTEL_MONEY_CLIENT_SECRET: DEMO_AIRTEL.clientSecret,
    AIRTEL_MONEY_DISBURSEMENT_PIN: DEMO_AIRTEL.pin,
    // The simulator's own key pair (made when it starts): this process's simulator decrypts the PIN.
    AIRTEL_MONEY_PIN_PUBLIC_KEY: AIRTEL_PIN_PUBLIC_KEY_PEM,
    // Lenco collects Zamtel Kwacha (its webhooks go to `${callbackBase}/lenco`: SIMULATOR_LENCO_WEBHOOK_URL).
    LENCO_API_TOKEN: DEMO_LENCO.apiToken,
    LENCO_BASE_URL: `${simulatorUrl}${LENCO_BASE_PATH}`,
    // ...and cards, in the stand-in of its widget (GET /lenco/inline.js and its test card page).
    LENCO_PUBLIC_KEY: DEMO_LENCO.publicKey,
    LENCO_WIDGET_URL: `${simulatorUrl}/lenco/inline.js`,
    LENCO_METHODS: 'zamtel,creditCard',
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
