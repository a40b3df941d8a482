import type { FastifyInstance } from 'fastify';
import { misbehave } from './answer-behaviour';
import { mtnView, settlePayment, type SettleOptions } from './settle';
import { ngweeOf, phoneKey, type SimulatorState } from './state';

export interface MtnAccount {
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  targetEnvironment: string;
  currency: string;
  tokenSeconds: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUBSCRIPTION_REFUSED = {
  statusCode: 401,
  message:
    'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
};

/** The part of MTN's MoMo Collection API the shop uses: token, request-to-pay, its status. */
export function mtnRoutes(
  app: FastifyInstance,
  state: SimulatorState,
  account: MtnAccount,
  settle: SettleOptions,
): void {
  app.post('/collection/token/', async (request, reply) => {
    if (request.headers['ocp-apim-subscription-key'] !== account.subscriptionKey)
      return reply.code(401).send(SUBSCRIPTION_REFUSED);
    const expected = `Basic ${Buffer.from(`${account.apiUser}:${account.apiKey}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return reply.code(401).send({ error: 'login_failed' });
    const token = state.issueToken('mtn', account.tokenSeconds);
    return { access_token: token, token_type: 'access_token', expires_in: account.tokenSeconds };
  });

  app.post('/collection/v1_0/requesttopay', async (request, reply) => {
    const refused = checkProductCall(request.headers, state, account);
    if (refused) return reply.code(refused.status).send(refused.body);
    const reference = String(request.headers['x-reference-id'] ?? '');
    if (!UUID.test(reference))
      return reply.code(400).send({ code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID.' });
    const callbackUrl = request.headers['x-callback-url'];
    if (callbackUrl !== undefined && !/^https?:\/\/\S+$/.test(String(callbackUrl))) {
      return reply.code(400).send({ code: 'INVALID_CALLBACK_URL_HOST', message: 'X-Callback-Url is not a URL.' });
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const payer = (body.payer ?? {}) as Record<string, unknown>;
    const phone =
      typeof payer.partyId === 'string' && /^260\d{9}$/.test(payer.partyId) ? phoneKey(payer.partyId) : null;
    const amountNgwee = typeof body.amount === 'string' ? ngweeOf(body.amount) : null;
    if (payer.partyIdType !== 'MSISDN' || !phone)
      return reply
        .code(400)
        .send({ code: 'PAYER_NOT_FOUND', message: 'payer must be an MSISDN such as 260961234567.' });
    if (amountNgwee === null)
      return reply.code(400).send({ code: 'INVALID_AMOUNT', message: 'amount must be a positive decimal string.' });
    if (body.currency !== account.currency)
      return reply.code(400).send({ code: 'INVALID_CURRENCY', message: `currency must be ${account.currency}.` });
    if (typeof body.externalId !== 'string' || !body.externalId)
      return reply.code(400).send({ code: 'INVALID_EXTERNAL_ID', message: 'externalId is required.' });
    if (await misbehave(state, phone, reply)) return reply;
    if (state.payments.has(reference)) {
      return reply
        .code(409)
        .send({ code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' });
    }
    const payment = {
      provider: 'mtn' as const,
      reference,
      phone,
      amountNgwee,
      currency: account.currency,
      externalId: body.externalId,
      message: typeof body.payerMessage === 'string' ? body.payerMessage : '',
      status: 'PENDING' as const,
      statusReads: 0,
      reason: null,
      providerTransactionId: null,
      callbackUrl: callbackUrl === undefined ? null : String(callbackUrl),
      callbacks: [],
      receivedAt: new Date().toISOString(),
      endedAt: null,
    };
    state.payments.set(reference, payment);
    const behaviour = state.behaviourFor(phone);
    const outcome = behaviour.outcome;
    if (outcome !== 'wait')
      state.later(behaviour.afterSeconds * 1000, () => settlePayment(state, payment, outcome, settle));
    return reply.code(202).send();
  });

  app.get<{ Params: { reference: string } }>('/collection/v1_0/requesttopay/:reference', async (request, reply) => {
    const refused = checkProductCall(request.headers, state, account);
    if (refused) return reply.code(refused.status).send(refused.body);
    const payment = state.payments.get(request.params.reference);
    if (!payment || payment.provider !== 'mtn')
      return reply.code(404).send({ code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
    payment.statusReads += 1;
    if (await misbehave(state, payment.phone, reply)) return reply;
    return mtnView(state, payment);
  });
}

function checkProductCall(
  headers: Record<string, unknown>,
  state: SimulatorState,
  account: MtnAccount,
): { status: number; body: object } | null {
  if (headers['ocp-apim-subscription-key'] !== account.subscriptionKey)
    return { status: 401, body: SUBSCRIPTION_REFUSED };
  if (!state.tokenIsValid('mtn', headers.authorization as string | undefined))
    return { status: 401, body: { message: 'Unauthorized' } };
  if (headers['x-target-environment'] !== account.targetEnvironment) {
    return {
      status: 400,
      body: {
        code: 'NOT_ALLOWED_TARGET_ENVIRONMENT',
        message: `X-Target-Environment must be ${account.targetEnvironment}.`,
      },
    };
  }
  return null;
}
