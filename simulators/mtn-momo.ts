import type { FastifyInstance } from 'fastify';
import { misbehave } from './answer-behaviour';
import { DEMO_MTN, DEMO_MTN_DISBURSEMENT } from './demo-accounts';
import { mtnDisbursementRoutes } from './mtn-disbursement';
import { settlePayment, type SettleOptions } from './settle';
import type { SimulatedProvider } from './simulated-provider';
import { kwachaText, ngweeOf, phoneKey, receivedPayment, type SimPayment, type SimulatorState } from './state';

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
    const payment = receivedPayment({
      provider: 'mtn' as const,
      reference,
      phone,
      amountNgwee,
      currency: account.currency,
      externalId: body.externalId,
      message: typeof body.payerMessage === 'string' ? body.payerMessage : '',
      callbackUrl: callbackUrl === undefined ? null : String(callbackUrl),
    });
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

/** What the status read of MTN's requesttopay answers (the MTN callback carries the same body). */
export function mtnView(state: SimulatorState, payment: SimPayment) {
  const reported = payment.amountNgwee + state.behaviourFor(payment.phone).amountDeltaNgwee;
  return {
    amount: kwachaText(reported),
    currency: payment.currency,
    ...(payment.providerTransactionId ? { financialTransactionId: payment.providerTransactionId } : {}),
    externalId: payment.externalId,
    payer: { partyIdType: 'MSISDN', partyId: payment.phone.slice(1) },
    payerMessage: payment.message,
    payeeNote: payment.message,
    status: payment.status === 'EXPIRED' ? 'FAILED' : payment.status,
    ...(payment.reason ? { reason: payment.reason } : {}),
  };
}

/** MTN MoMo: collections and its Disbursement product (refunds); callbacks to each request's X-Callback-Url. */
export const mtnSimulator: SimulatedProvider = {
  id: 'mtn',
  name: 'MTN MoMo',
  routes(app, state, settle, options) {
    const account = { ...DEMO_MTN, ...options.mtn };
    mtnRoutes(app, state, account, settle);
    mtnDisbursementRoutes(app, state, account, { ...DEMO_MTN_DISBURSEMENT, ...options.mtnDisbursement });
  },
  final(_payment, outcome) {
    // MTN's reason code for a prompt that timed out (decision 011).
    if (outcome === 'expire') return { status: 'EXPIRED', reason: 'EXPIRED', providerTransactionId: null };
    if (outcome === 'approve')
      return {
        status: 'SUCCESSFUL',
        reason: null,
        providerTransactionId: String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)),
      };
    return { status: 'FAILED', reason: 'APPROVAL_REJECTED', providerTransactionId: null };
  },
  // MoMo calls the X-Callback-Url with PUT for request-to-pay; the shop should accept POST as well.
  callback: (state, view) =>
    view.callbackUrl
      ? {
          url: view.callbackUrl,
          method: 'PUT',
          body: JSON.stringify(mtnView(state, view)),
          headers: { 'Content-Type': 'application/json' },
        }
      : null,
  shopEnv: (simulatorUrl) => ({
    MTN_MOMO_BASE_URL: simulatorUrl,
    MTN_MOMO_API_USER: DEMO_MTN.apiUser,
    MTN_MOMO_API_KEY: DEMO_MTN.apiKey,
    MTN_MOMO_SUBSCRIPTION_KEY: DEMO_MTN.subscriptionKey,
    MTN_MOMO_TARGET_ENVIRONMENT: DEMO_MTN.targetEnvironment,
    MTN_MOMO_CURRENCY: DEMO_MTN.currency,
    MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: DEMO_MTN_DISBURSEMENT.subscriptionKey,
    MTN_MOMO_DISBURSEMENT_API_USER: DEMO_MTN_DISBURSEMENT.apiUser,
    MTN_MOMO_DISBURSEMENT_API_KEY: DEMO_MTN_DISBURSEMENT.apiKey,
  }),
};
