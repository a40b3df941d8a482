import type { FastifyInstance } from 'fastify';
import { endRefund } from './refunds';
import { settlePayment, type SettleOptions, type SimEnding } from './settle';
import { DEFAULT_BEHAVIOUR, cardKey, phoneKey, type Behaviour, type SimulatorState } from './state';

const OUTCOMES = new Set(['wait', 'approve', 'decline', 'wrong-pin']);
const ANSWERS = new Set(['normal', 'error-500', 'slow', 'error-500-after-accept', 'refuse']);
const REFUND_OUTCOMES = new Set(['succeed', 'fail', 'never']);
const CALLBACKS = new Set(['once', 'twice', 'never', 'early']);
const ACTIONS = new Set(['approve', 'decline', 'wrong-pin', 'expire']);

/**
 * For tests and testers, under /_sim: how to behave (for all, one number, or one card in Lenco's widget), what was received, the
 * phone's answer to one request (at any time, also long after the shop gave up on it) or the provider
 * ending it unanswered (expire), and a reset.
 */
export function controlRoutes(app: FastifyInstance, state: SimulatorState, settle: SettleOptions): void {
  app.post('/_sim/behaviour', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.card !== undefined && !/^[\d ]{12,23}$/.test(String(body.card)))
      return reply.code(400).send({ message: 'card must be a card number' });
    const phone =
      body.card !== undefined
        ? cardKey(String(body.card))
        : body.phone === undefined
          ? undefined
          : phoneKey(String(body.phone));
    if (phone === null) return reply.code(400).send({ message: 'phone must be a Zambian number' });
    const change = behaviourChange(body);
    if (typeof change === 'string') return reply.code(400).send({ message: change });
    return { phone: phone ?? 'all', behaviour: state.setBehaviour(change, phone) };
  });

  app.delete('/_sim/behaviour', async () => {
    state.resetBehaviour();
    return { behaviour: DEFAULT_BEHAVIOUR };
  });

  app.get('/_sim/requests', async () => ({ requests: [...state.payments.values()], tokensIssued: state.tokensIssued }));

  app.post<{ Params: { reference: string; action: string } }>(
    '/_sim/requests/:reference/:action',
    async (request, reply) => {
      const payment = state.payments.get(request.params.reference);
      const action = request.params.action;
      if (!payment) return reply.code(404).send({ message: 'No such request' });
      if (!ACTIONS.has(action))
        return reply.code(404).send({
          message: 'The phone can approve, decline or enter a wrong PIN; the provider can expire the request',
        });
      const done = settlePayment(state, payment, action as SimEnding, settle);
      // A form on the phone page goes back to the page; a test gets JSON.
      if (String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return reply.redirect('/', 303);
      if (!done) return reply.code(409).send({ message: `This request already ended: ${payment.status}` });
      return { reference: payment.reference, status: payment.status };
    },
  );

  /**
   * Refunds, disbursements and transfers received, with how many sends each got and how many times its money
   * moved (never more than once).
   */
  app.get('/_sim/refunds', async () => ({ refunds: [...state.refunds.values()], float: state.float }));

  /**
   * A wallet as its owner sees it on her phone (a member after a payout, a shopper after a refund): what the
   * shop sent it in ngwee, each transfer, and the texts the number received (the SMS simulator's inbox).
   */
  app.get<{ Params: { phone: string } }>('/_sim/wallets/:phone', async (request, reply) => {
    const phone = phoneKey(request.params.phone);
    if (!phone) return reply.code(400).send({ message: 'phone must be a Zambian number' });
    const received = [...state.refunds.values()].filter((r) => r.phone === phone);
    return {
      phone,
      balanceNgwee: state.wallets.get(phone) ?? 0,
      received: received.map((r) => ({
        provider: r.provider,
        kind: r.kind,
        reference: r.reference,
        amountNgwee: r.amountNgwee,
        status: r.status,
        reason: r.reason,
        providerTransactionId: r.providerTransactionId,
        receivedAt: r.receivedAt,
        endedAt: r.endedAt,
      })),
      texts: state.sms.to(phone).map((m) => ({ text: m.text, receivedAt: m.receivedAt })),
    };
  });

  /** Ends a refund or payout left pending (refundOutcome never): succeed (money moves if the float has it) or fail. */
  app.post<{ Params: { reference: string; action: string } }>(
    '/_sim/refunds/:reference/:action',
    async (request, reply) => {
      const refund = state.refunds.get(request.params.reference);
      if (!refund) return reply.code(404).send({ message: 'No such refund' });
      const action = request.params.action;
      if (action !== 'succeed' && action !== 'fail')
        return reply.code(404).send({ message: 'A refund can succeed or fail' });
      if (!endRefund(state, refund, action))
        return reply.code(409).send({ message: `This refund already ended: ${refund.status}` });
      return { reference: refund.reference, status: refund.status, reason: refund.reason };
    },
  );

  /** Sets a provider's disbursement float (Lenco: the payouts account's balance), in ngwee: { mtn?, airtel?, lenco? }. */
  app.post('/_sim/float', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const provider of ['mtn', 'airtel', 'lenco'] as const) {
      if (body[provider] === undefined) continue;
      if (!Number.isInteger(body[provider]) || (body[provider] as number) < 0)
        return reply.code(400).send({ message: `${provider} must be a whole number of ngwee, 0 or more` });
      state.float[provider] = body[provider] as number;
    }
    return { float: state.float };
  });

  app.post('/_sim/tokens/expire', async () => {
    state.expireTokens();
    return { message: 'Every token is now expired' };
  });

  app.post('/_sim/reset', async () => {
    state.reset();
    return { message: 'Forgot every request, refund, token and behaviour, and refilled the floats' };
  });
}

function behaviourChange(body: Record<string, unknown>): Partial<Behaviour> | string {
  const change: Partial<Behaviour> = {};
  const pick = <K extends keyof Behaviour>(key: K, allowed: Set<string>) => {
    if (body[key] === undefined) return true;
    if (typeof body[key] !== 'string' || !allowed.has(body[key])) return false;
    change[key] = body[key] as Behaviour[K];
    return true;
  };
  const count = (key: 'afterSeconds' | 'slowMs' | 'earlyMs' | 'amountDeltaNgwee' | 'refundAfterMs', min: number) => {
    if (body[key] === undefined) return true;
    if (!Number.isInteger(body[key]) || (body[key] as number) < min) return false;
    change[key] = body[key] as number;
    return true;
  };
  if (!pick('outcome', OUTCOMES)) return 'outcome must be wait, approve, decline or wrong-pin';
  if (!pick('answer', ANSWERS)) return 'answer must be normal, error-500, slow, error-500-after-accept or refuse';
  if (!pick('callback', CALLBACKS)) return 'callback must be once, twice, never or early';
  if (!pick('refundOutcome', REFUND_OUTCOMES)) return 'refundOutcome must be succeed, fail or never';
  if (!count('refundAfterMs', 0)) return 'refundAfterMs must be a whole number, 0 or more';
  if (!count('afterSeconds', 0) || !count('slowMs', 0) || !count('earlyMs', 0))
    return 'afterSeconds, slowMs and earlyMs must be whole numbers, 0 or more';
  if (!count('amountDeltaNgwee', Number.MIN_SAFE_INTEGER)) return 'amountDeltaNgwee must be a whole number of ngwee';
  return change;
}
