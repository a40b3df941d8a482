import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { misbehave } from '../answer-behaviour';
import { lencoCollection, lencoSignature, lencoWebhookBody } from './lenco-view';
import { deliver, settlePayment, type SettleOptions } from '../settle';
import { ngweeOf, phoneKey, receivedPayment, type SimPayment, type SimulatorState } from '../state';

declare module '../settle' {
  interface SettleOptions {
    /** Where Lenco's webhooks go (set by Lenco's support for the account), and the API token that signs them. */
    lencoWebhookUrl?: string;
    lencoApiToken?: string;
  }
}

declare module '../server' {
  interface SimulatorOptions {
    lenco?: Partial<LencoAccount>;
  }
}

declare module '../state' {
  interface SimPayment {
    /** Lenco: its collection uuid and reference, the operator asked, and the card of a widget payment. */
    lencoId?: string;
    lencoReference?: string;
    operator?: string;
    card?: { number: string; threeDs: boolean };
  }
}

export interface LencoAccount {
  /** The secret API token (Bearer; also keys the webhooks' signature). */
  apiToken: string;
  /** The widget's public key. */
  publicKey: string;
  /** The account members' payouts are debited from (LENCO_PAYOUT_ACCOUNT_ID). */
  accountId: string;
}

/** Lenco's base path: the shop's LENCO_BASE_URL is the simulator's address and this. */
export const LENCO_BASE_PATH = '/access/v2';
const REFERENCE = /^[-._A-Za-z0-9]{1,100}$/;
/** The operators the simulator collects from; zamtel is not in Lenco's documented enum (decision 035). */
const OPERATORS = new Set(['mtn', 'airtel', 'zamtel']);

const envelope = (reply: FastifyReply, code: number, message: string, errorCode?: string) =>
  reply.code(code).send({ status: false, message, data: null, ...(errorCode ? { errorCode } : {}) });

/**
 * The part of Lenco's API v2 the shop uses (docs/providers/lenco-api.md): mobile-money collection, the
 * status read by our reference, and signed webhooks when a collection ends. Number behaviours (approve,
 * decline, 500, slow, wrong amount, never final) are the MTN and Airtel ones (control-routes.ts).
 * Control: POST /_sim/lenco/webhooks/{reference} sends the collection's webhook again now (a replay), or a
 * forged one ({"forged": true}: signed with another token; {"unsigned": true}: no signature).
 */
export function lencoRoutes(
  app: FastifyInstance,
  state: SimulatorState,
  account: LencoAccount,
  settle: SettleOptions,
): void {
  const authorised = (authorization: unknown) => authorization === `Bearer ${account.apiToken}`;

  app.post(`${LENCO_BASE_PATH}/collections/mobile-money`, async (request, reply) => {
    if (!authorised(request.headers.authorization)) return envelope(reply, 401, 'Unauthorized', '09');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const phone = typeof body.phone === 'string' && /^0\d{9}$/.test(body.phone) ? phoneKey(body.phone) : null;
    const amountNgwee = typeof body.amount === 'number' ? ngweeOf(body.amount) : null;
    if (typeof body.reference !== 'string' || !REFERENCE.test(body.reference))
      return envelope(reply, 400, 'reference: only -, ., _ and alphanumeric characters allowed', '01');
    if (amountNgwee === null) return envelope(reply, 400, 'amount must be a positive number', '01');
    if (!phone) return envelope(reply, 400, 'Invalid mobile number', '12');
    if (typeof body.operator !== 'string' || !OPERATORS.has(body.operator))
      return envelope(reply, 400, 'operator must be one of airtel, mtn', '01');
    if (body.country !== undefined && body.country !== 'zm') return envelope(reply, 400, 'country must be zm', '01');
    if (await misbehave(state, phone, reply)) return reply;
    if (state.payments.has(body.reference)) return envelope(reply, 400, 'Duplicate reference', '04');
    const payment: SimPayment = receivedPayment({
      provider: 'lenco',
      reference: body.reference,
      phone,
      amountNgwee,
      currency: 'ZMW',
      externalId: body.reference,
      message: '',
      callbackUrl: null,
      lencoId: randomUUID(),
      operator: body.operator,
    });
    state.payments.set(payment.reference, payment);
    const behaviour = state.behaviourFor(phone);
    const outcome = behaviour.outcome;
    if (outcome !== 'wait')
      state.later(behaviour.afterSeconds * 1000, () => settlePayment(state, payment, outcome, settle));
    return { status: true, message: 'Collection initiated', data: lencoCollection(state, payment) };
  });

  app.get<{ Params: { reference: string } }>(
    `${LENCO_BASE_PATH}/collections/status/:reference`,
    async (request, reply) => {
      if (!authorised(request.headers.authorization)) return envelope(reply, 401, 'Unauthorized', '09');
      const payment = state.payments.get(request.params.reference);
      if (!payment || payment.provider !== 'lenco') return envelope(reply, 404, 'Payment details was not found', '11');
      payment.statusReads += 1;
      if (await misbehave(state, payment.phone, reply)) return reply;
      return { status: true, message: '', data: lencoCollection(state, payment) };
    },
  );

  app.post<{ Params: { reference: string } }>('/_sim/lenco/webhooks/:reference', async (request, reply) => {
    const payment = state.payments.get(request.params.reference);
    if (!payment || payment.provider !== 'lenco') return reply.code(404).send({ message: 'No such Lenco collection' });
    if (!settle.lencoWebhookUrl) return reply.code(409).send({ message: 'No webhook URL is set for Lenco' });
    const options = (request.body ?? {}) as { forged?: unknown; unsigned?: unknown };
    const body = lencoWebhookBody(state, payment);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (options.unsigned !== true)
      headers['X-Lenco-Signature'] = lencoSignature(
        options.forged === true ? 'not-the-api-token' : account.apiToken,
        body,
      );
    const record = await deliver({ url: settle.lencoWebhookUrl, method: 'POST', body, headers });
    payment.callbacks.push(record);
    return record;
  });
}
