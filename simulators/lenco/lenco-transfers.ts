import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { misbehave } from '../answer-behaviour';
import { afterAccept, duplicate } from '../mtn-disbursement';
import { receiveRefund } from '../refunds';
import { kwachaText, newTransactionId, ngweeOf, phoneKey, type SimRefund, type SimulatorState } from '../state';
import { LENCO_BASE_PATH, type LencoAccount } from './lenco-api';

declare module '../state' {
  interface SimRefund {
    /** Lenco transfers: its transfer uuid, the operator and narration it was sent with. */
    lencoId?: string;
    operator?: string;
    narration?: string;
  }
}

const REFERENCE = /^[-._A-Za-z0-9]{1,100}$/;
/** Lenco's transfer operators in Zambia (docs/providers/payout-apis.md §3). */
const OPERATORS = new Set(['mtn', 'airtel', 'zamtel']);

const refusal = (reply: FastifyReply, code: number, message: string, errorCode: string) =>
  reply.code(code).send({ status: false, message, data: null, errorCode });

/**
 * Lenco's transfers to a mobile-money wallet (docs/providers/payout-apis.md §3): POST
 * /transfers/mobile-money from the account named by accountId, and GET /transfers/status/{reference}.
 * A reference received before is refused (400 "Duplicate reference", errorCode 04), a short balance too
 * (errorCode 02), and a number told to `refuse` (errorCode 05). Paid from the account's balance
 * (the simulator's Lenco float) into the number's wallet.
 */
export function lencoTransferRoutes(app: FastifyInstance, state: SimulatorState, account: LencoAccount): void {
  const authorised = (authorization: unknown) => authorization === `Bearer ${account.apiToken}`;

  app.post(`${LENCO_BASE_PATH}/transfers/mobile-money`, async (request, reply) => {
    if (!authorised(request.headers.authorization)) return refusal(reply, 401, 'Unauthorized', '09');
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.accountId !== account.accountId) return refusal(reply, 400, 'accountId: no such account', '01');
    const amountNgwee = typeof body.amount === 'number' ? ngweeOf(body.amount) : null;
    if (amountNgwee === null) return refusal(reply, 400, 'amount must be a positive number', '01');
    if (typeof body.reference !== 'string' || !REFERENCE.test(body.reference))
      return refusal(reply, 400, 'reference: only -, ., _ and alphanumeric characters allowed', '01');
    const phone = typeof body.phone === 'string' && /^0\d{9}$/.test(body.phone) ? phoneKey(body.phone) : null;
    if (!phone) return refusal(reply, 400, 'Invalid mobile number', '12');
    if (typeof body.operator !== 'string' || !OPERATORS.has(body.operator))
      return refusal(reply, 400, 'operator must be one of airtel, mtn, zamtel', '01');
    if (body.country !== undefined && body.country !== 'zm') return refusal(reply, 400, 'country must be zm', '01');
    const reference = body.reference;
    if (duplicate(state, reference)) return refusal(reply, 400, 'Duplicate reference', '04');
    if (await misbehave(state, phone, reply)) return reply;
    if (duplicate(state, reference)) return refusal(reply, 400, 'Duplicate reference', '04');
    if (state.behaviourFor(phone).answer === 'refuse') return refusal(reply, 400, 'Invalid recipient account', '05');
    if (state.float.lenco < amountNgwee) return refusal(reply, 400, 'Insufficient funds in account', '02');
    const transfer = receiveRefund(state, {
      provider: 'lenco',
      kind: 'transfer',
      reference,
      collectionReference: null,
      phone,
      amountNgwee,
      currency: 'ZMW',
      providerTransactionId: newTransactionId('lenco'),
      lencoId: randomUUID(),
      operator: body.operator,
      narration: typeof body.narration === 'string' ? body.narration : 'Transfer',
    });
    return afterAccept(state, phone, reply, () => ({ status: true, message: '', data: view(account, transfer) }));
  });

  app.get<{ Params: { reference: string } }>(
    `${LENCO_BASE_PATH}/transfers/status/:reference`,
    async (request, reply) => {
      if (!authorised(request.headers.authorization)) return refusal(reply, 401, 'Unauthorized', '09');
      const transfer = state.refunds.get(request.params.reference);
      if (!transfer || transfer.provider !== 'lenco')
        return reply.code(404).send({ status: false, message: 'Transfer was not found', data: null });
      transfer.statusReads += 1;
      if (await misbehave(state, transfer.phone, reply)) return reply;
      return { status: true, message: '', data: view(account, transfer) };
    },
  );
}

const STATUS = { PENDING: 'pending', SUCCESSFUL: 'successful', FAILED: 'failed' } as const;

/** The transfer object of Lenco's answers (amounts as decimal strings). */
function view(account: LencoAccount, transfer: SimRefund) {
  return {
    id: transfer.lencoId ?? transfer.reference,
    amount: kwachaText(transfer.amountNgwee),
    fee: '0.00',
    currency: transfer.currency,
    narration: transfer.narration ?? 'Transfer',
    initiatedAt: transfer.receivedAt,
    completedAt: transfer.endedAt,
    accountId: account.accountId,
    creditAccount: {
      type: 'mobile-money',
      accountName: 'Simulated Member',
      phone: `0${transfer.phone.slice(-9)}`,
      operator: transfer.operator ?? null,
      country: 'zm',
    },
    status: STATUS[transfer.status],
    reasonForFailure: transfer.reason,
    reference: transfer.reference,
    lencoReference: transfer.providerTransactionId ?? '',
    extraData: { nipSessionId: null },
    source: 'api',
  };
}
