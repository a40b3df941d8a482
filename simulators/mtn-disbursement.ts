import type { FastifyInstance, FastifyReply } from 'fastify';
import { misbehave } from './answer-behaviour';
import type { MtnAccount } from './mtn-momo';
import { receiveRefund, refundableOf } from './refunds';
import { kwachaText, ngweeOf, phoneKey, type SimRefund, type SimulatorState } from './state';

/** MTN's Disbursement product: its own API user, key and subscription key; base URL, target environment and currency as collections. */
export interface MtnDisbursementAccount {
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUBSCRIPTION_REFUSED = {
  statusCode: 401,
  message:
    'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
};

/**
 * The part of MTN's Disbursement API the shop's refunds use: token, refund (v1), its status, the balance.
 * A refund pays back a successful request-to-pay received here (referenceIdToRefund), in its currency,
 * at most what is left of it; MTN's rule for partial refunds is not documented (research), the
 * simulator allows them.
 */
export function mtnDisbursementRoutes(
  app: FastifyInstance,
  state: SimulatorState,
  collections: MtnAccount,
  account: MtnDisbursementAccount,
): void {
  app.post('/disbursement/token/', async (request, reply) => {
    if (request.headers['ocp-apim-subscription-key'] !== account.subscriptionKey)
      return reply.code(401).send(SUBSCRIPTION_REFUSED);
    const expected = `Basic ${Buffer.from(`${account.apiUser}:${account.apiKey}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return reply.code(401).send({ error: 'login_failed' });
    return {
      access_token: state.issueToken('mtn-disbursement', collections.tokenSeconds),
      token_type: 'access_token',
      expires_in: collections.tokenSeconds,
    };
  });

  app.post('/disbursement/v1_0/refund', async (request, reply) => {
    const refused = checkCall(request.headers, state, collections, account);
    if (refused) return reply.code(refused.status).send(refused.body);
    const reference = String(request.headers['x-reference-id'] ?? '');
    if (!UUID.test(reference))
      return reply.code(400).send({ code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID.' });
    const body = (request.body ?? {}) as Record<string, unknown>;
    const bad = (code: string, message: string) => reply.code(400).send({ code, message });
    const amountNgwee = typeof body.amount === 'string' ? ngweeOf(body.amount) : null;
    if (amountNgwee === null) return bad('INVALID_AMOUNT', 'amount must be a positive decimal string.');
    if (body.currency !== collections.currency)
      return bad('INVALID_CURRENCY', `currency must be ${collections.currency}.`);
    if (typeof body.externalId !== 'string' || !body.externalId)
      return bad('INVALID_EXTERNAL_ID', 'externalId is required.');
    for (const field of ['payerMessage', 'payeeNote'] as const) {
      if (typeof body[field] === 'string' && (body[field].length > 160 || body[field].includes("'")))
        return bad('INVALID_MESSAGE', `${field}: at most 160 characters, no apostrophes.`);
    }
    const collection =
      typeof body.referenceIdToRefund === 'string' ? state.payments.get(body.referenceIdToRefund) : undefined;
    if (!collection || collection.provider !== 'mtn' || collection.status !== 'SUCCESSFUL')
      return bad('PAYER_NOT_FOUND', 'referenceIdToRefund is not a successful payment.');
    if (duplicate(state, reference))
      return reply
        .code(409)
        .send({ code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' });
    if (await misbehave(state, collection.phone, reply)) return reply;
    // A second send may have arrived while this one was slow: the first to get here is the one that counts.
    if (duplicate(state, reference))
      return reply
        .code(409)
        .send({ code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' });
    if (amountNgwee > refundableOf(state, collection.reference, collection.amountNgwee))
      return bad('INVALID_AMOUNT', 'amount is more than is left of the payment.');
    receiveRefund(state, {
      provider: 'mtn',
      kind: 'refund',
      reference,
      collectionReference: collection.reference,
      phone: collection.phone,
      amountNgwee,
      currency: collection.currency,
    });
    return afterAccept(state, collection.phone, reply, () => reply.code(202).send());
  });

  app.get<{ Params: { reference: string } }>('/disbursement/v1_0/refund/:reference', async (request, reply) => {
    const refused = checkCall(request.headers, state, collections, account);
    if (refused) return reply.code(refused.status).send(refused.body);
    const refund = state.refunds.get(request.params.reference);
    if (!refund || refund.provider !== 'mtn' || refund.kind !== 'refund')
      return reply.code(404).send({ code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
    refund.statusReads += 1;
    if (await misbehave(state, refund.phone, reply)) return reply;
    return statusOf(refund);
  });

  mtnTransferRoutes(app, state, collections, account);

  app.get('/disbursement/v1_0/account/balance', async (request, reply) => {
    const refused = checkCall(request.headers, state, collections, account);
    if (refused) return reply.code(refused.status).send(refused.body);
    return { availableBalance: kwachaText(state.float.mtn), currency: collections.currency };
  });
}

/**
 * A member's payout (docs/providers/payout-apis.md §1): POST /disbursement/v1_0/transfer (payee an MSISDN,
 * 202; 409 RESOURCE_ALREADY_EXIST for a reference already received) and GET .../transfer/{reference},
 * whose body is a refund read's. Paid from the Disbursement float into the payee's wallet.
 */
function mtnTransferRoutes(
  app: FastifyInstance,
  state: SimulatorState,
  collections: MtnAccount,
  account: MtnDisbursementAccount,
): void {
  app.post('/disbursement/v1_0/transfer', async (request, reply) => {
    const refused = checkCall(request.headers, state, collections, account);
    if (refused) return reply.code(refused.status).send(refused.body);
    const reference = String(request.headers['x-reference-id'] ?? '');
    if (!UUID.test(reference))
      return reply.code(400).send({ code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID.' });
    const body = (request.body ?? {}) as Record<string, unknown>;
    const bad = (code: string, message: string) => reply.code(400).send({ code, message });
    const payee = (body.payee ?? {}) as Record<string, unknown>;
    const phone =
      payee.partyIdType === 'MSISDN' && typeof payee.partyId === 'string' && /^260\d{9}$/.test(payee.partyId)
        ? phoneKey(payee.partyId)
        : null;
    if (!phone) return bad('PAYEE_NOT_FOUND', 'payee must be an MSISDN such as 260961234567.');
    const amountNgwee = typeof body.amount === 'string' ? ngweeOf(body.amount) : null;
    if (amountNgwee === null) return bad('INVALID_AMOUNT', 'amount must be a positive decimal string.');
    if (body.currency !== collections.currency)
      return bad('INVALID_CURRENCY', `currency must be ${collections.currency}.`);
    if (typeof body.externalId !== 'string' || !body.externalId)
      return bad('INVALID_EXTERNAL_ID', 'externalId is required.');
    for (const field of ['payerMessage', 'payeeNote'] as const) {
      if (typeof body[field] === 'string' && (body[field].length > 160 || body[field].includes("'")))
        return bad('INVALID_MESSAGE', `${field}: at most 160 characters, no apostrophes.`);
    }
    const conflict = () =>
      reply
        .code(409)
        .send({ code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' });
    if (duplicate(state, reference)) return conflict();
    if (await misbehave(state, phone, reply)) return reply;
    if (duplicate(state, reference)) return conflict();
    receiveRefund(state, {
      provider: 'mtn',
      kind: 'transfer',
      reference,
      collectionReference: null,
      phone,
      amountNgwee,
      currency: collections.currency,
    });
    return afterAccept(state, phone, reply, () => reply.code(202).send());
  });

  app.get<{ Params: { reference: string } }>('/disbursement/v1_0/transfer/:reference', async (request, reply) => {
    const refused = checkCall(request.headers, state, collections, account);
    if (refused) return reply.code(refused.status).send(refused.body);
    const transfer = state.refunds.get(request.params.reference);
    if (!transfer || transfer.provider !== 'mtn' || transfer.kind !== 'transfer')
      return reply.code(404).send({ code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
    transfer.statusReads += 1;
    if (await misbehave(state, transfer.phone, reply)) return reply;
    return statusOf(transfer);
  });
}

/** A refund's or transfer's status read, as MTN's Disbursement answers both. */
function statusOf(sent: SimRefund) {
  return {
    amount: kwachaText(sent.amountNgwee),
    currency: sent.currency,
    ...(sent.providerTransactionId ? { financialTransactionId: sent.providerTransactionId } : {}),
    externalId: sent.reference,
    payee: { partyIdType: 'MSISDN', partyId: sent.phone.slice(1) },
    status: sent.status,
    ...(sent.reason ? { reason: sent.reason } : {}),
  };
}

/** True (and counted as a send received) when a refund with this reference was received before. */
export function duplicate(state: SimulatorState, reference: string): boolean {
  const earlier = state.refunds.get(reference);
  if (earlier) earlier.sendsReceived += 1;
  return earlier !== undefined;
}

/** error-500-after-accept: the refund was taken (and its money may have moved), but the answer is lost as a 500. */
export function afterAccept(state: SimulatorState, phone: string, reply: FastifyReply, normal: () => unknown) {
  if (state.behaviourFor(phone).answer === 'error-500-after-accept')
    return reply
      .code(500)
      .send({ code: 'INTERNAL_PROCESSING_ERROR', message: 'Simulated failure after the refund was taken.' });
  return normal();
}

function checkCall(
  headers: Record<string, unknown>,
  state: SimulatorState,
  collections: MtnAccount,
  account: MtnDisbursementAccount,
) {
  if (headers['ocp-apim-subscription-key'] !== account.subscriptionKey)
    return { status: 401, body: SUBSCRIPTION_REFUSED };
  if (!state.tokenIsValid('mtn-disbursement', headers.authorization as string | undefined))
    return { status: 401, body: { message: 'Unauthorized' } };
  if (headers['x-target-environment'] !== collections.targetEnvironment) {
    return {
      status: 400,
      body: {
        code: 'NOT_ALLOWED_TARGET_ENVIRONMENT',
        message: `X-Target-Environment must be ${collections.targetEnvironment}.`,
      },
    };
  }
  return null;
}
