import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { orders } from '../../db/schema';
import { BadRequest, Conflict, TooManyRequests } from '../../lib/http-errors';
import { isOrderPaid } from '../../../shared/order-balance';
import { orderReference } from '../../../shared/order-status';
import type { Order } from '../../../shared/schemas/orders';
import { recordAudit, type AuditActor } from '../audit';
import { typedCollectionCode } from '../delivery';
import { takeLimitedUse } from '../limits';
import { changeOrderStatus, orderNotFound } from './fulfilment';
import { findOrderRow, type OrderRow } from './queries';
import { markOrderPaid } from './paid';
import { toKwacha } from '../../../shared/money';
import { paysOnCollection, type CollectionPayment } from '../../../shared/payment-methods';

/**
 * A pickup or bus-station parcel handed over (decision 038): once, with who did it, and the order then
 * becomes Delivered through the one status change (fulfilment.ts), so its events, e-mail and text follow.
 * The row lock of that change is what makes two marks at once one 200 and one 409.
 */

/** Tries of a code through the keeper's link, per order (not per address: many shoppers share one). */
export const KEEPER_TRIES = 5;
export const KEEPER_TRIES_WINDOW_MS = 60 * 60_000;

export const WRONG_CODE =
  "That is not this order's collection code. Ask the customer for the code in their order message.";

function codeMatches(stored: string, typed: string): boolean {
  const given = Buffer.from(typedCollectionCode(typed));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function refuseUncollectable(order: OrderRow) {
  if (order.collectionCode === null) throw BadRequest('This order is not collected at a pickup point');
  if (order.collectedAt) throw Conflict(`This order was already collected (${order.collectedByName ?? 'someone'})`);
  if (order.status === 'Cancelled') throw Conflict('A cancelled order cannot be collected');
}

/** A pay-on-collection order still unpaid: whoever hands it over takes the money and says how. */
const paysNow = (order: OrderRow) => paysOnCollection(order.paymentMethod) && !order.isPaid;

export const NOT_PAID_YET =
  'Not paid yet: do not hand the parcel over. The customer pays first (their order page shows how); then try again.';

/**
 * Handed over only paid, or paid now to whoever hands it over (decision 045). An MTN, Airtel, Zamtel or card
 * order is paid by its provider or marked paid by an admin who saw the money; what the request says changes nothing.
 */
function refuseUnpaid(order: OrderRow) {
  if (!order.isPaid && !paysOnCollection(order.paymentMethod)) throw Conflict(NOT_PAID_YET);
  // A balance an edit left on a paid order is paid first, by its prompt or recorded by an admin (decision 070).
  if (!isOrderPaid(order) && order.isPaid) throw Conflict(NOT_PAID_YET);
}

export const SAY_HOW_PAID =
  'Say how the customer paid: cash or mobile money. Hand the parcel over only once the money is received.';

function refuseWithoutPayment(order: OrderRow, paidWith: CollectionPayment | undefined) {
  if (paysNow(order) && !paidWith) throw BadRequest(SAY_HOW_PAID);
}

interface Collection {
  /** The code typed; null: an admin confirms without it. */
  code: string | null;
  actor: AuditActor;
  /** How the audit names who handed it over. */
  by: string;
  /** How the keeper was paid, for a pay-on-collection order (decision 045). */
  paidWith?: CollectionPayment;
}

async function collect(
  app: FastifyInstance,
  orderId: string,
  { code, actor, by, paidWith }: Collection,
): Promise<Order> {
  return changeOrderStatus(app, orderId, 'Delivered', actor, async (tx, current, raise) => {
    refuseUncollectable(current);
    refuseUnpaid(current);
    if (code !== null && !codeMatches(current.collectionCode!, code)) throw BadRequest(WRONG_CODE);
    refuseWithoutPayment(current, paidWith);
    await tx
      .update(orders)
      .set({ collectedAt: sql`now()`, collectedBy: actor.id, collectedByName: by })
      .where(eq(orders.id, current.id));
    await recordAudit(tx, actor, {
      action: 'order.collected',
      subjectType: 'order',
      subjectId: current.id,
      summary:
        `Order ${orderReference(current.id)} (${current.customerName}) collected at ${current.delivery?.name ?? 'the pickup point'}` +
        `, handed over by ${by}, ${code === null ? 'confirmed by an admin without the code' : 'code checked'}`,
      before: { collectedAt: null, status: current.status },
      after: { collectedBy: by, codeChecked: code !== null },
    });
    // The one way an order becomes paid (decision 026), under the same lock as the collection.
    if (paysNow(current) && paidWith)
      await markOrderPaid(tx, raise, current, { by: 'collection', actor: { id: actor.id, name: by }, paidWith });
  });
}

/** POST /orders/{id}/collected: an admin, with the code the shopper shows or confirming without it. */
export function collectByAdmin(
  app: FastifyInstance,
  admin: AuditActor,
  orderId: string,
  { code, paidWith }: { code?: string; paidWith?: CollectionPayment },
) {
  const typed = code?.trim() ? code : null;
  return collect(app, orderId, { code: typed, actor: admin, by: admin.name, paidWith });
}

/** POST /pickup/{id}/collect: the pickup point's keeper, who must type the code; a few tries an hour per order. */
export async function collectByKeeper(
  app: FastifyInstance,
  orderId: string,
  { code, name, paidWith }: { code?: string; name?: string; paidWith?: CollectionPayment },
) {
  const found = await findOrderRow(app.db, orderId);
  if (!found) throw orderNotFound();
  refuseUncollectable(found);
  // Before a try is counted, as the code is not compared: waiting for the money costs the keeper no try.
  refuseUnpaid(found);
  if (!code?.trim()) throw BadRequest('code is required: type the collection code the customer shows');
  // Before a try is counted: a keeper who forgot to say how it was paid has not guessed a code.
  refuseWithoutPayment(found, paidWith);
  const tries = await takeLimitedUse(app.db, `pickup-collect:${found.id}`, KEEPER_TRIES_WINDOW_MS, KEEPER_TRIES);
  if (!tries.taken) {
    const minutes = Math.max(1, Math.ceil(tries.waitMs / 60_000));
    throw TooManyRequests(`Too many wrong codes for this order. Try again in ${minutes} minutes, or ask the shop.`);
  }
  const keeper = name?.trim() ? `pickup keeper ${name.trim()}` : 'the pickup keeper';
  return collect(app, found.id, { code, actor: { id: null, name: keeper }, by: keeper, paidWith });
}

/** GET /pickup/{id}: what the keeper's page shows before the code is typed; nothing about the shopper. */
export async function pickupView(app: FastifyInstance, orderId: string) {
  const found = await findOrderRow(app.db, orderId);
  if (!found || found.collectionCode === null) throw orderNotFound();
  return {
    _id: found.id,
    reference: orderReference(found.id),
    place: found.delivery?.name ?? '',
    status: found.status,
    collected: found.collectedAt !== null,
    // What the keeper takes before handing over a pay-on-collection order; null when nothing is due.
    toCollect: paysNow(found) && found.status !== 'Cancelled' ? toKwacha(found.totalNgwee) : null,
    paid: found.isPaid,
  };
}
