import { DEMO_LENCO } from './demo-account';
import { LENCO_BASE_PATH, lencoRoutes } from './lenco-api';
import { lencoCardRoutes } from './lenco-card';
import { lencoTransferRoutes } from './lenco-transfers';
import { lencoSignature, lencoWebhookBody } from './lenco-view';
import type { SimulatedProvider } from '../simulated-provider';

export { DEMO_LENCO } from './demo-account';
export { LENCO_BASE_PATH, type LencoAccount } from './lenco-api';

/**
 * Lenco (docs/providers/lenco-api.md): mobile money with Zamtel, the stand-in of its card widget, signed
 * webhooks to the account's one URL, transfers to members' wallets (lenco-transfers.ts). Its own options and payment fields are declared beside its routes.
 */
export const lencoSimulator: SimulatedProvider = {
  id: 'lenco',
  name: 'Lenco',
  routes(app, state, settle, options) {
    const account = { ...DEMO_LENCO, ...options.lenco };
    settle.lencoApiToken = account.apiToken;
    lencoRoutes(app, state, account, settle);
    lencoCardRoutes(app, state, account, settle);
    lencoTransferRoutes(app, state, account);
  },
  settleFromEnv: (env, shopCallbackBase) => ({
    lencoWebhookUrl: env.SIMULATOR_LENCO_WEBHOOK_URL || (shopCallbackBase && `${shopCallbackBase}/lenco`),
  }),
  final(payment, outcome) {
    if (outcome === 'expire') return { status: 'EXPIRED', reason: 'Transaction expired', providerTransactionId: null };
    const providerTransactionId = String(240_000_000 + Math.floor(Math.random() * 9_999_999));
    if (outcome === 'approve') return { status: 'SUCCESSFUL', reason: null, providerTransactionId };
    // Lenco's sandbox words (docs/providers/lenco-api.md §3).
    const reason = payment.card ? 'Card declined' : outcome === 'decline' ? 'Not enough funds' : 'Incorrect Pin';
    return { status: 'FAILED', reason, providerTransactionId };
  },
  callback(state, view, settle) {
    if (!settle.lencoWebhookUrl || !settle.lencoApiToken) return null;
    const body = lencoWebhookBody(state, view);
    return {
      url: settle.lencoWebhookUrl,
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', 'X-Lenco-Signature': lencoSignature(settle.lencoApiToken, body) },
    };
  },
  shopEnv: (simulatorUrl) => ({
    // Lenco collects Zamtel Kwacha (its webhooks go to `${callbackBase}/lenco`: SIMULATOR_LENCO_WEBHOOK_URL).
    LENCO_API_TOKEN: DEMO_LENCO.apiToken,
    LENCO_BASE_URL: `${simulatorUrl}${LENCO_BASE_PATH}`,
    // ...and cards, in the stand-in of its widget (GET /lenco/inline.js and its test card page).
    LENCO_PUBLIC_KEY: DEMO_LENCO.publicKey,
    LENCO_WIDGET_URL: `${simulatorUrl}/lenco/inline.js`,
    LENCO_METHODS: 'zamtel,creditCard',
    // ...and sends members' payouts to Zamtel wallets (MTN's and Airtel's go by their own APIs).
    LENCO_PAYOUT_ACCOUNT_ID: DEMO_LENCO.accountId,
  }),
};
