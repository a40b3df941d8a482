import type { FastifyInstance } from 'fastify';
import { misbehave } from './answer-behaviour';
import { createHmac, randomUUID } from 'node:crypto';
import { airtelDisbursementRoutes } from './airtel-disbursement';
import { AIRTEL_PIN_PUBLIC_KEY_PEM } from './airtel-pin-key';
import { DEMO_AIRTEL } from './demo-accounts';
import { settlePayment, type SettleOptions } from './settle';
import type { SimulatedProvider } from './simulated-provider';
import { ngweeOf, phoneKey, receivedPayment, type SimPayment, type SimStatus, type SimulatorState } from './state';

declare module './settle' {
  interface SettleOptions {
    /** Where Airtel callbacks go (Airtel registers one URL per application, not one per request). */
    airtelCallbackUrl?: string;
    /** Airtel's callback authentication: a hash of the body with this private key, HMAC-SHA256, Base64. */
    airtelCallbackKey?: string;
  }
}

export interface AirtelAccount {
  clientId: string;
  clientSecret: string;
  tokenSeconds: number;
  /** The merchant PIN disbursements must carry, encrypted with the simulator's public key (airtel-pin-key.ts). */
  pin: string;
}

export const envelope = (success: boolean, code: string, responseCode: string, message: string) => ({
  status: { code, message, result_code: success ? 'ESB000010' : 'ESB000001', response_code: responseCode, success },
});

/** The part of Airtel Africa's Open API the shop uses: OAuth token, USSD push collection, enquiry. Zambia only. */
export function airtelRoutes(
  app: FastifyInstance,
  state: SimulatorState,
  account: AirtelAccount,
  settle: SettleOptions,
): void {
  app.post('/auth/oauth2/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.grant_type !== 'client_credentials') return reply.code(400).send({ error: 'unsupported_grant_type' });
    if (body.client_id !== account.clientId || body.client_secret !== account.clientSecret)
      return reply.code(401).send({ error: 'invalid_client' });
    // Airtel's documentation shows expires_in as a string.
    return {
      access_token: state.issueToken('airtel', account.tokenSeconds),
      expires_in: String(account.tokenSeconds),
      token_type: 'bearer',
    };
  });

  app.post('/merchant/v1/payments/', async (request, reply) => {
    const refused = checkPaymentCall(request.headers, state);
    if (refused) return reply.code(refused.status).send(refused.body);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const subscriber = (body.subscriber ?? {}) as Record<string, unknown>;
    const transaction = (body.transaction ?? {}) as Record<string, unknown>;
    const bad = (message: string) => reply.code(400).send({ ...envelope(false, '400', 'DP00800001000', message) });
    // "Do not send country code in msisdn": nine digits.
    const phone =
      typeof subscriber.msisdn === 'string' && /^\d{9}$/.test(subscriber.msisdn) ? phoneKey(subscriber.msisdn) : null;
    if (!phone) return bad('subscriber.msisdn must be the nine-digit number without country code');
    if (subscriber.country !== 'ZM' || subscriber.currency !== 'ZMW')
      return bad('subscriber country and currency must be ZM and ZMW');
    if (transaction.country !== 'ZM' || transaction.currency !== 'ZMW')
      return bad('transaction country and currency must be ZM and ZMW');
    const amountNgwee = typeof transaction.amount === 'number' ? ngweeOf(transaction.amount) : null;
    if (amountNgwee === null) return bad('transaction.amount must be a positive number with at most two decimals');
    const id = transaction.id;
    if (typeof id !== 'string' || !/^[\w.-]{1,64}$/.test(id)) return bad('transaction.id is required');
    if (typeof body.reference !== 'string' || !body.reference) return bad('reference is required');
    if (await misbehave(state, phone, reply)) return reply;
    if (state.payments.has(id)) return envelope(false, '400', 'DP00800001017', 'Duplicate transaction id');
    const payment = receivedPayment({
      provider: 'airtel' as const,
      reference: id,
      phone,
      amountNgwee,
      currency: 'ZMW',
      externalId: body.reference,
      message: body.reference,
      callbackUrl: null,
    });
    state.payments.set(id, payment);
    const behaviour = state.behaviourFor(phone);
    const outcome = behaviour.outcome;
    if (outcome !== 'wait')
      state.later(behaviour.afterSeconds * 1000, () => settlePayment(state, payment, outcome, settle));
    return { data: { transaction: { id, status: 'Success.' } }, ...envelope(true, '200', 'DP00800001006', 'Success.') };
  });

  app.get<{ Params: { id: string } }>('/standard/v1/payments/:id', async (request, reply) => {
    const refused = checkPaymentCall(request.headers, state);
    if (refused) return reply.code(refused.status).send(refused.body);
    const payment = state.payments.get(request.params.id);
    if (!payment || payment.provider !== 'airtel')
      return reply.code(404).send(envelope(false, '404', 'DP00800001025', 'Transaction not found'));
    payment.statusReads += 1;
    if (await misbehave(state, payment.phone, reply)) return reply;
    return airtelView(payment);
  });
}

export function checkPaymentCall(
  headers: Record<string, unknown>,
  state: SimulatorState,
): { status: number; body: object } | null {
  if (!state.tokenIsValid('airtel', headers.authorization as string | undefined))
    return { status: 401, body: { error: 'invalid_token' } };
  if (headers['x-country'] !== 'ZM' || headers['x-currency'] !== 'ZMW') {
    return { status: 400, body: envelope(false, '400', 'ROUTER006', 'X-Country must be ZM and X-Currency ZMW') };
  }
  return null;
}

const AIRTEL_CODES: Record<SimStatus, string> = { PENDING: 'TIP', SUCCESSFUL: 'TS', FAILED: 'TF', EXPIRED: 'TE' };

/** What Airtel's transaction enquiry answers. */
export function airtelView(payment: SimPayment) {
  return {
    data: {
      transaction: {
        airtel_money_id: payment.providerTransactionId ?? '',
        id: payment.reference,
        message:
          payment.reason ?? (payment.status === 'SUCCESSFUL' ? 'Transaction successful' : 'Transaction in progress'),
        status: AIRTEL_CODES[payment.status],
      },
    },
    status: {
      code: '200',
      message: 'SUCCESS',
      result_code: 'ESB000010',
      response_code: 'DP00800001001',
      success: true,
    },
  };
}

function airtelCallbackBody(payment: SimPayment, key: string | undefined): string {
  const transaction = {
    id: payment.reference,
    message: payment.reason ?? 'Transaction successful',
    // Airtel's callback carries TS or TF only.
    status_code: payment.status === 'SUCCESSFUL' ? 'TS' : 'TF',
    airtel_money_id: payment.providerTransactionId ?? '',
  };
  if (!key) return JSON.stringify({ transaction });
  const hash = createHmac('sha256', key).update(JSON.stringify({ transaction })).digest('base64');
  return JSON.stringify({ transaction, hash });
}

/** Airtel Money: collections and disbursements (refunds); callbacks to the application's one URL. */
export const airtelSimulator: SimulatedProvider = {
  id: 'airtel',
  name: 'Airtel Money',
  routes(app, state, settle, options) {
    const account = { ...DEMO_AIRTEL, ...options.airtel };
    airtelRoutes(app, state, account, settle);
    airtelDisbursementRoutes(app, state, account);
  },
  settleFromEnv: (env, shopCallbackBase) => ({
    airtelCallbackUrl: env.SIMULATOR_AIRTEL_CALLBACK_URL || (shopCallbackBase && `${shopCallbackBase}/airtel`),
    airtelCallbackKey: env.SIMULATOR_AIRTEL_CALLBACK_KEY || undefined,
  }),
  final(_payment, outcome) {
    // Airtel's enquiry says TE for a prompt that timed out.
    if (outcome === 'expire') return { status: 'EXPIRED', reason: 'Transaction expired', providerTransactionId: null };
    const providerTransactionId = `MP${randomUUID().slice(0, 8).toUpperCase()}`;
    if (outcome === 'approve') return { status: 'SUCCESSFUL', reason: null, providerTransactionId };
    const reason = outcome === 'decline' ? 'Transaction declined by the subscriber' : 'Incorrect PIN entered';
    return { status: 'FAILED', reason, providerTransactionId };
  },
  callback: (_state, view, settle) =>
    settle.airtelCallbackUrl
      ? {
          url: settle.airtelCallbackUrl,
          method: 'POST',
          body: airtelCallbackBody(view, settle.airtelCallbackKey),
          headers: { 'Content-Type': 'application/json' },
        }
      : null,
  shopEnv: (simulatorUrl) => ({
    AIRTEL_MONEY_BASE_URL: simulatorUrl,
    AIRTEL_MONEY_CLIENT_ID: DEMO_AIRTEL.clientId,
    AIRTEL_MONEY_CLIENT_SECRET: DEMO_AIRTEL.clientSecret,
    AIRTEL_MONEY_DISBURSEMENT_PIN: DEMO_AIRTEL.pin,
    // The simulator's own key pair (made when it starts): this process's simulator decrypts the PIN.
    AIRTEL_MONEY_PIN_PUBLIC_KEY: AIRTEL_PIN_PUBLIC_KEY_PEM,
  }),
};
