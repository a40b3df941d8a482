import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LencoAccount } from './lenco';
import { settlePayment, type SettleOptions } from './settle';
import { ngweeOf, type SimPayment, type SimulatorState } from './state';

const OUTCOMES = new Set(['approve', 'decline', '3ds', 'abandon']);
const REFERENCE = /^[-._A-Za-z0-9]{1,100}$/;

/**
 * Lenco's card widget, standing in: what its popup does at Lenco when the shopper submits a card.
 * POST /lenco/widget/pay {key, reference, amount, currency, email, card, outcome}: approve (the collection
 * is successful), decline (failed, "Card declined"), 3ds (waits in 3ds-auth-required until
 * /_sim/requests/{reference}/approve or decline), abandon (nothing reaches Lenco: its status read says
 * not found). The test card page and the script that opens it (GET /lenco/inline.js) call this.
 */
export function lencoCardRoutes(
  app: FastifyInstance,
  state: SimulatorState,
  account: LencoAccount,
  settle: SettleOptions,
): void {
  app.post('/lenco/widget/pay', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.key !== account.publicKey) return reply.code(401).send({ status: false, message: 'Invalid public key' });
    const amountNgwee =
      typeof body.amount === 'number' || typeof body.amount === 'string' ? ngweeOf(body.amount) : null;
    if (typeof body.reference !== 'string' || !REFERENCE.test(body.reference))
      return reply.code(400).send({ status: false, message: 'reference is invalid' });
    if (amountNgwee === null) return reply.code(400).send({ status: false, message: 'amount is invalid' });
    if (typeof body.outcome !== 'string' || !OUTCOMES.has(body.outcome))
      return reply.code(400).send({ status: false, message: 'outcome must be approve, decline, 3ds or abandon' });
    if (body.outcome === 'abandon') return { status: true, message: 'Closed', data: null };
    if (state.payments.has(body.reference))
      return reply.code(400).send({ status: false, message: 'Duplicate reference' });
    const number = typeof body.card === 'string' ? body.card.replace(/\D/g, '') : '';
    const payment: SimPayment = {
      provider: 'lenco',
      reference: body.reference,
      // A card has no phone; the key below keeps per-number behaviours apart from every wallet's.
      phone: `card:${number.slice(-4) || '0000'}`,
      amountNgwee,
      currency: typeof body.currency === 'string' ? body.currency : 'ZMW',
      externalId: body.reference,
      message: typeof body.email === 'string' ? body.email : '',
      status: 'PENDING',
      statusReads: 0,
      reason: null,
      providerTransactionId: null,
      callbackUrl: null,
      callbacks: [],
      receivedAt: new Date().toISOString(),
      endedAt: null,
      lencoId: randomUUID(),
      card: { number: number || '4622943127013705', threeDs: body.outcome === '3ds' },
    };
    state.payments.set(payment.reference, payment);
    if (body.outcome === 'approve' || body.outcome === 'decline') settlePayment(state, payment, body.outcome, settle);
    return { status: true, message: '', data: { reference: payment.reference, status: payment.status } };
  });
}
