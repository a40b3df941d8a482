import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { Conflict, Forbidden, NotFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import { needsSecondAdmin, type RefundApprovalRule } from '../../../shared/refunds';
import type {
  OrderRefunds,
  Refund,
  RefundList,
  RequestRefundInput,
  refundListQuerySchema,
} from '../../../shared/schemas/refunds';
import { recordAudit } from '../audit';
import { findRefundableOrder, lockRefundableOrder, ORDER_CURRENCY, type RefundableOrder } from '../orders';
import { inRefundTransaction, type RefundDeps } from './deps';
import {
  approveOnce,
  cancelOnce,
  collectionsOfOrder,
  findRefund,
  findRefundWithProvider,
  insertRefund,
  listRefunds,
  refundsOfOrder,
  type SeenRefundRow,
} from './queries';
import { refundApprovedEntry, refundCancelledEntry, refundRequestedEntry } from './refund-audit';
import { toRefundJson, toRefundListItemJson } from './serialize';
import { settleRefund } from './settle';
import { routesOfMoney } from './routes-of-money';
import { atMost, orderRefundsView, refundableThrough, totalsOf, type OrderMoneyRows } from './sources';

/**
 * Refunds' rules (docs/decisions/030-refunds.md): an admin asks, a second admin approves when
 * REFUND_APPROVAL says so, and never more goes back than the order took. A refund by hand (the member
 * already sent the money) ends successful once approved; a provider's refund is sent by the refund sender.
 */
type Admin = Pick<CurrentUser, 'id' | 'name'>;

const orderNotFound = () => NotFound('Order not found');
const refundNotFound = () => NotFound('Refund not found');

export const approvalRuleOf = (app: FastifyInstance): RefundApprovalRule =>
  app.config.refundApproval ?? { kind: 'always' };

interface SeenMoneyRows extends OrderMoneyRows {
  refunds: SeenRefundRow[];
}

async function moneyRows(tx: Tx, order: RefundableOrder): Promise<SeenMoneyRows> {
  const [collections, refunds] = await Promise.all([collectionsOfOrder(tx, order.id), refundsOfOrder(tx, order.id)]);
  return { order, collections, refunds };
}

/** GET /orders/{id}/refunds: collected, refunded, what is left, where it can go back, and the refunds newest first. */
export async function orderRefunds(app: FastifyInstance, orderId: string): Promise<OrderRefunds> {
  return app.db.transaction(async (tx) => {
    const order = await findRefundableOrder(tx, orderId);
    if (!order) throw orderNotFound();
    const rows = await moneyRows(tx, order);
    const providers = new Map(rows.collections.map((c) => [c.id, c.provider]));
    const refunds = rows.refunds.map((refund) =>
      toRefundJson({ refund, provider: refund.attemptId ? (providers.get(refund.attemptId) ?? null) : null }),
    );
    return orderRefundsView(rows, approvalRuleOf(app), refunds, routesOfMoney(app));
  });
}

/**
 * POST /orders/{id}/refunds. Under the order's row lock, so two admins asking at once for the last kwacha
 * get one refund and one 409: the second reads the first's row once the first commits.
 */
export async function requestRefund(
  app: FastifyInstance,
  admin: Admin,
  orderId: string,
  input: RequestRefundInput,
): Promise<Refund> {
  const id = await inRefundTransaction(app, admin, (deps, tx) => askRefund(app, deps, tx, admin, orderId, input));
  return refundJson(app, id);
}

/**
 * Asks a refund inside a transaction of the order events the caller opened (a return received, an order
 * edit that lowers a paid order), so the refund row and the caller's own rows commit together. Takes the
 * order's row lock; the same rules and 409s as POST /orders/{id}/refunds. `attemptId: 'wallet'` sends it
 * back through the payment it can go back through whole (the newest first), else by hand. Returns its id.
 */
export async function askRefund(
  app: FastifyInstance,
  deps: RefundDeps,
  tx: Tx,
  admin: Admin,
  orderId: string,
  input: Omit<RequestRefundInput, 'attemptId'> & { attemptId?: string | null | 'wallet' },
): Promise<string> {
  const rule = approvalRuleOf(app);
  const order = await lockRefundableOrder(tx, orderId);
  if (!order) throw orderNotFound();
  const rows = await moneyRows(tx, order);
  const totals = totalsOf(rows);
  if (totals.collectedNgwee === 0) throw Conflict('This order has no payment to refund');
  if (input.amountNgwee > totals.refundableNgwee)
    throw Conflict(atMost(totals.refundableNgwee, 'for this order'), { refundableNgwee: totals.refundableNgwee });
  const attemptId = input.attemptId === 'wallet' ? walletFor(app, rows, input.amountNgwee) : input.attemptId;
  const collection = attemptId ? rows.collections.find((c) => c.id === attemptId) : null;
  if (attemptId && !collection) throw NotFound('Payment not found for this order');
  const route = collection ? routesOfMoney(app)(collection.provider) : 'by-hand';
  if (collection) {
    const left = refundableThrough(rows, collection);
    if (input.amountNgwee > left) throw Conflict(atMost(left, 'through this payment'), { refundableNgwee: left });
    if (route === 'airtel-refund' && input.amountNgwee !== collection.amountNgwee) {
      throw Conflict('Airtel gives back a whole payment only: refund all of it, or record a part sent by hand');
    }
  }
  const secondAdmin = needsSecondAdmin(rule, input.amountNgwee);
  const refund = await insertRefund(tx, {
    orderId: order.id,
    attemptId: collection?.id ?? null,
    route,
    reference: randomUUID(),
    phone: collection?.phone ?? null,
    amountNgwee: input.amountNgwee,
    currency: collection?.currency ?? ORDER_CURRENCY,
    reason: input.reason,
    state: secondAdmin ? 'requested' : 'approved',
    requestedBy: admin.id,
    requestedByName: admin.name,
  });
  await recordAudit(tx, admin, refundRequestedEntry(refund));
  if (!secondAdmin && route === 'by-hand')
    await settleRefund(deps, tx, refund.id, { state: 'successful', providerTransactionId: null });
  return refund.id;
}

/** The newest payment through which the whole amount can go back by its provider's API; null: by hand. */
function walletFor(app: FastifyInstance, rows: SeenMoneyRows, amountNgwee: number): string | null {
  const routeOf = routesOfMoney(app);
  for (const collection of [...rows.collections].reverse()) {
    const route = routeOf(collection.provider);
    if (route === 'by-hand') continue;
    if (route === 'airtel-refund' && amountNgwee !== collection.amountNgwee) continue;
    if (refundableThrough(rows, collection) >= amountNgwee) return collection.id;
  }
  return null;
}

/** PUT /refunds/{id}/approve: the second admin's word, once (conditional update); the asking admin gets 403. */
export async function approveRefund(app: FastifyInstance, admin: Admin, refundId: string): Promise<Refund> {
  await inRefundTransaction(app, admin, async (deps, tx) => {
    const current = await findRefund(tx, refundId);
    if (!current) throw refundNotFound();
    // The order first, as a request and a settlement take it, so the locks are always taken in one order.
    await lockRefundableOrder(tx, current.orderId);
    const approved = await approveOnce(tx, refundId, admin);
    if (!approved) {
      const now = (await findRefund(tx, refundId))!;
      if (now.state === 'requested' && now.requestedBy === admin.id)
        throw Forbidden('A refund must be approved by another admin');
      throw Conflict(`This refund is ${now.state}: only a refund waiting for approval can be approved`);
    }
    await recordAudit(tx, admin, refundApprovedEntry(approved));
    if (approved.route === 'by-hand')
      await settleRefund(deps, tx, approved.id, { state: 'successful', providerTransactionId: null });
  });
  return refundJson(app, refundId);
}

/** PUT /refunds/{id}/cancel: called off while it was not sent yet. */
export async function cancelRefund(
  app: FastifyInstance,
  admin: Admin,
  refundId: string,
  note: string,
): Promise<Refund> {
  await app.db.transaction(async (tx) => {
    const current = await findRefund(tx, refundId);
    if (!current) throw refundNotFound();
    const cancelled = await cancelOnce(tx, refundId, admin, note);
    if (!cancelled) {
      const now = (await findRefund(tx, refundId))!;
      throw Conflict(`This refund is ${now.state}: only a refund not yet sent can be cancelled`);
    }
    await recordAudit(tx, admin, refundCancelledEntry(cancelled, current.state));
  });
  return refundJson(app, refundId);
}

/** GET /refunds: the back office's list, newest first, with how many each filter holds. */
export async function refundList(
  app: FastifyInstance,
  query: z.output<typeof refundListQuerySchema>,
): Promise<RefundList> {
  const found = await listRefunds(app.db, query.filter, query.page, query.limit);
  return {
    refunds: found.rows.map(toRefundListItemJson),
    page: query.page,
    pages: Math.max(1, Math.ceil(found.total / query.limit)),
    total: found.total,
    counts: found.counts,
  };
}

async function refundJson(app: FastifyInstance, id: string): Promise<Refund> {
  const found = await findRefundWithProvider(app.db, id);
  if (!found) throw refundNotFound();
  return toRefundJson(found);
}
