import type { FastifyInstance } from 'fastify';
import { misbehave } from './answer-behaviour';
import { airtelView, settlePayment, type SettleOptions } from './settle';
import { ngweeOf, phoneKey, type SimulatorState } from './state';

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
    const payment = {
      provider: 'airtel' as const,
      reference: id,
      phone,
      amountNgwee,
      currency: 'ZMW',
      externalId: body.reference,
      message: body.reference,
      status: 'PENDING' as const,
      statusReads: 0,
      reason: null,
      providerTransactionId: null,
      callbackUrl: null,
      callbacks: [],
      receivedAt: new Date().toISOString(),
      endedAt: null,
    };
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
