import type { FastifyInstance } from 'fastify';
import { misbehave } from './answer-behaviour';
import { checkPaymentCall, envelope, type AirtelAccount } from './airtel-money';
import { decryptPin } from './airtel-pin-key';
import { afterAccept, duplicate } from './mtn-disbursement';
import { receiveRefund } from './refunds';
import { ngweeOf, phoneKey, type SimRefund, type SimulatorState } from './state';

/**
 * Airtel's disbursement v1 as the shop's refunds use it: POST /standard/v1/disbursements/ (our id in
 * transaction.id, the PIN encrypted with the simulator's key) and the enquiry GET .../{id}, both answered
 * with status.response_code as the research lists them (DP00900001001 success, 006 in process, 007 float
 * short, 010 user not allowed (a number told to `refuse`), 015 not found, 017 duplicate id). The refusal of
 * a wrong PIN uses 013 ("refused"); the research found no code for it. A member's payout is the same
 * disbursement: the simulator records its payee and amount, and credits the payee's wallet.
 */
export function airtelDisbursementRoutes(app: FastifyInstance, state: SimulatorState, account: AirtelAccount): void {
  app.post('/standard/v1/disbursements/', async (request, reply) => {
    const refused = checkPaymentCall(request.headers, state);
    if (refused) return reply.code(refused.status).send(refused.body);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const payee = (body.payee ?? {}) as Record<string, unknown>;
    const transaction = (body.transaction ?? {}) as Record<string, unknown>;
    const bad = (message: string) => reply.code(400).send(envelope(false, '400', 'DP00900001004', message));
    const phone = typeof payee.msisdn === 'string' && /^\d{9}$/.test(payee.msisdn) ? phoneKey(payee.msisdn) : null;
    if (!phone)
      return reply
        .code(400)
        .send(
          envelope(false, '400', 'DP00900001012', 'payee.msisdn must be the nine-digit number without country code'),
        );
    const amountNgwee = typeof transaction.amount === 'number' ? ngweeOf(transaction.amount) : null;
    if (amountNgwee === null) return bad('transaction.amount must be a positive number with at most two decimals');
    const id = transaction.id;
    if (typeof id !== 'string' || !/^[\w.-]{1,64}$/.test(id)) return bad('transaction.id is required');
    if (transaction.type !== 'B2C') return bad('transaction.type must be B2C');
    if (typeof body.reference !== 'string' || !/^[A-Za-z0-9]{4,64}$/.test(body.reference))
      return bad('reference must be 4 to 64 letters or digits');
    if (decryptPin(body.pin) !== account.pin)
      return envelope(false, '400', 'DP00900001013', 'Refused: the PIN is not correct');
    if (duplicate(state, id)) return envelope(false, '400', 'DP00900001017', 'Duplicate transaction id');
    if (await misbehave(state, phone, reply)) return reply;
    if (duplicate(state, id)) return envelope(false, '400', 'DP00900001017', 'Duplicate transaction id');
    if (state.behaviourFor(phone).answer === 'refuse')
      return envelope(false, '400', 'DP00900001010', 'User is not allowed to receive');
    const refund = receiveRefund(state, {
      provider: 'airtel',
      kind: 'disbursement',
      reference: id,
      collectionReference: null,
      phone,
      amountNgwee,
      currency: 'ZMW',
    });
    return afterAccept(state, phone, reply, () => ({
      data: { transaction: { id, airtel_money_id: refund.providerTransactionId ?? '' } },
      ...answerOf(refund),
    }));
  });

  app.get<{ Params: { id: string } }>('/standard/v1/disbursements/:id', async (request, reply) => {
    const refused = checkPaymentCall(request.headers, state);
    if (refused) return reply.code(refused.status).send(refused.body);
    const refund = state.refunds.get(request.params.id);
    if (!refund || refund.provider !== 'airtel')
      return reply.code(404).send(envelope(false, '404', 'DP00900001015', 'Transaction not found'));
    refund.statusReads += 1;
    if (await misbehave(state, refund.phone, reply)) return reply;
    return {
      data: {
        transaction: {
          id: refund.reference,
          airtel_money_id: refund.providerTransactionId ?? '',
          status: STATUS[refund.status],
        },
      },
      ...answerOf(refund),
    };
  });
}

const STATUS = { PENDING: 'TIP', SUCCESSFUL: 'TS', FAILED: 'TF' } as const;

function answerOf(refund: SimRefund) {
  if (refund.status === 'SUCCESSFUL') return envelope(true, '200', 'DP00900001001', 'Transaction is successful');
  if (refund.status === 'PENDING') return envelope(true, '200', 'DP00900001006', 'Transaction is in process');
  if (refund.reason === 'Insufficient funds') return envelope(false, '200', 'DP00900001007', 'Insufficient funds');
  return envelope(false, '200', 'DP00900001005', refund.reason ?? 'Transaction failed');
}
