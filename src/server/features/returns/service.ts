import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { BadRequest, Conflict } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import {
  RETURN_STATE_LABELS,
  courierPaidBy,
  isShopsFault,
  returnReasonLabel,
  type ReturnState,
} from '../../../shared/returns';
import { returnShare } from '../../../shared/return-share';
import type { askReturnSchema, ReturnView, Returnable, returnsListQuerySchema } from '../../../shared/schemas/returns';
import { recordAudit } from '../audit';
import { findOrderForReturn, lockOrderForReturn } from '../orders';
import { actorOf, channelOf, mayReach, orderNotFound, returnNotFound, type Admin, type ReturnAsker } from './access';
import { resolveExchange } from './exchange';
import {
  addStep,
  findPhoto,
  findReturnByRefund,
  findReturnRow,
  insertReturn,
  listReturns,
  moveReturn,
  returnsOfOrder,
} from './queries';
import { returnStepEntry } from './return-audit';
import { returnableView, shareFigures, whereOf } from './returnable';
import { toReturnJson, toReturnListItemJson } from './serialize';
import { factsForTexts, factsOf, leftForReturns, moveOnce, returnView, tell } from './steps';
import { acceptedTexts, refusedTexts, requestedTexts } from './texts';

/**
 * Returns and exchanges (docs/decisions/069-returns-and-exchanges.md). Every change runs under the order's
 * row lock (the lock of its payments, status and refunds) where money or units are counted, in one
 * transaction of the order events with its audit line and the shopper's text and e-mail.
 */

/** GET /orders/{id}/returnable (and the signed link's): open or not, why, where, and each line's rule and share. */
export async function returnableFor(app: FastifyInstance, orderId: string, asker: ReturnAsker): Promise<Returnable> {
  if (!isUuid(orderId)) throw orderNotFound();
  return app.db.transaction(async (tx) => {
    const found = await findOrderForReturn(tx, orderId);
    if (!mayReach(asker, found)) throw orderNotFound();
    return returnableView(await factsOf(tx, found));
  });
}

/** The order's returns, newest first. */
export async function returnsOfOrderFor(
  app: FastifyInstance,
  orderId: string,
  asker: ReturnAsker,
): Promise<{ returns: ReturnView[] }> {
  if (!isUuid(orderId)) throw orderNotFound();
  const found = await findOrderForReturn(app.db, orderId);
  if (!mayReach(asker, found)) throw orderNotFound();
  const stored = await returnsOfOrder(app.db, orderId);
  return { returns: stored.map((s) => toReturnJson(s, found.items)) };
}

export async function getReturn(app: FastifyInstance, id: string): Promise<ReturnView> {
  if (!isUuid(id)) throw returnNotFound();
  return app.db.transaction((tx) => returnView(tx, id));
}

export async function listReturnsFor(app: FastifyInstance, query: z.output<typeof returnsListQuerySchema>) {
  const { rows, total, counts } = await listReturns(app.db, query);
  const states = Object.keys(RETURN_STATE_LABELS) as ReturnState[];
  return {
    returns: rows.map(toReturnListItemJson),
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
    total,
    counts: Object.fromEntries(states.map((s) => [s, counts.get(s) ?? 0])) as Record<ReturnState, number>,
  };
}

/** What a return of these lines would be worth now, for a screen that says it before the shopper confirms (USSD). */
export async function returnWorth(
  app: FastifyInstance,
  orderId: string,
  asker: ReturnAsker,
  lines: readonly { orderItemId: string; qty: number }[],
  reason: AskReturnBody['reason'],
): Promise<number> {
  if (!isUuid(orderId)) throw orderNotFound();
  return app.db.transaction(async (tx) => {
    const found = await findOrderForReturn(tx, orderId);
    if (!mayReach(asker, found)) throw orderNotFound();
    const facts = await factsOf(tx, found);
    return returnShare({
      order: shareFigures(found),
      lines: combinedLines(lines),
      earlier: Object.fromEntries(facts.held),
      shopsFault: isShopsFault(reason),
      collectedNgwee: await leftForReturns(tx, found),
      refundedOrPendingNgwee: 0,
    }).amountNgwee;
  });
}

/** Adds up lines naming one order line twice. */
function combinedLines(lines: readonly { orderItemId: string; qty: number }[]) {
  const byItem = new Map<string, number>();
  for (const line of lines) {
    const id = line.orderItemId.toLowerCase();
    byItem.set(id, (byItem.get(id) ?? 0) + line.qty);
  }
  return [...byItem].map(([orderItemId, qty]) => ({ orderItemId, qty }));
}

export type AskReturnBody = z.output<typeof askReturnSchema>;

/**
 * POST /orders/{id}/returns (and the link's and USSD's). The rules whatever the client sent: the window,
 * what is left to return of each line, each category's rule, the unopened confirmation, the exchange in
 * stock. Under the order's row lock, so two asks for the last returnable unit get one return and one 409.
 */
export async function askReturn(
  app: FastifyInstance,
  orderId: string,
  asker: ReturnAsker,
  input: AskReturnBody,
): Promise<ReturnView> {
  if (!isUuid(orderId)) throw orderNotFound();
  return app.orderEvents.transaction(app.db, async (tx, raise) => {
    const found = await lockOrderForReturn(tx, orderId);
    if (!mayReach(asker, found)) throw orderNotFound();
    const facts = await factsOf(tx, found);
    const view = returnableView(facts);
    if (!view.open) throw Conflict(view.whyNot ?? 'This order cannot be returned');
    const lines = combinedLines(input.lines);
    for (const asked of lines) {
      const line = view.lines.find((l) => l.orderItemId === asked.orderItemId);
      if (!line) throw BadRequest(`There is no item ${asked.orderItemId} in this order`);
      if (line.rule === 'never') throw Conflict(`${line.name} cannot be returned`);
      if (asked.qty > line.returnableQty)
        throw Conflict(
          line.returnableQty === 0
            ? `${line.name} has already been returned`
            : `You can return at most ${line.returnableQty} of ${line.name}`,
          { orderItemId: line.orderItemId, returnableQty: line.returnableQty },
        );
      if (line.rule === 'unopened-only' && input.unopened !== true)
        throw Conflict(`${line.name} can only be returned unopened: confirm it has not been opened`);
    }
    if (input.photoId) {
      const photo = isUuid(input.photoId) ? await findPhoto(tx, input.photoId) : null;
      if (!photo || photo.orderId !== found.order.id) throw BadRequest('That photo was not sent for this order');
    }
    const exchange = input.outcome === 'exchange' ? await resolveExchange(tx, input.exchange ?? []) : [];
    const share = returnShare({
      order: shareFigures(found),
      lines,
      earlier: Object.fromEntries(facts.held),
      shopsFault: isShopsFault(input.reason),
      collectedNgwee: await leftForReturns(tx, found),
      refundedOrPendingNgwee: 0,
    });
    const where = whereOf(found);
    const shopperPaysCourier =
      where.kind === 'courier' && courierPaidBy(input.reason, facts.settings.returnRules.courierPaidBy) === 'shopper';
    const row = await insertReturn(
      tx,
      {
        orderId: found.order.id,
        outcome: input.outcome,
        reason: input.reason,
        note: input.note || null,
        photoId: input.photoId ?? null,
        unopened: input.unopened === true,
        worthNgwee: share.worthNgwee,
        deliveryNgwee: share.deliveryNgwee,
        amountNgwee: share.amountNgwee,
        whereKind: where.kind,
        whereText: shopperPaysCourier ? `${where.text} The courier fee is yours.` : where.text,
        channel: channelOf(asker, found),
      },
      share.lines.map((line, position) => ({
        orderItemId: line.orderItemId,
        quantity: lines[position].qty,
        shareNgwee: line.shareNgwee,
        position,
      })),
      exchange.map((line, position) => ({ ...line, position })),
    );
    const actor = actorOf(asker, found);
    await addStep(tx, row.id, 'requested', actor.name);
    await recordAudit(tx, actor, returnStepEntry(row, null, `${returnReasonLabel(row.reason)}, ${row.outcome}`));
    const texts = requestedTexts({ ...factsForTexts(row), whereText: where.text, shopperPaysCourier });
    await tell(tx, raise, row.orderId, texts);
    return returnView(tx, row.id, found);
  });
}

/** PUT /returns/{id}/accept: once, from requested. */
export async function acceptReturn(app: FastifyInstance, admin: Admin, id: string, note?: string): Promise<ReturnView> {
  if (!isUuid(id)) throw returnNotFound();
  return app.orderEvents.transaction(app.db, async (tx, raise) => {
    const row = await moveOnce(tx, id, ['requested'], { state: 'accepted' }, 'accepted');
    await addStep(tx, row.id, 'accepted', admin.name);
    await recordAudit(tx, admin, returnStepEntry(row, 'requested', note ? `note: ${note}` : ''));
    await tell(tx, raise, row.orderId, acceptedTexts(factsForTexts(row)));
    return returnView(tx, row.id);
  });
}

/** PUT /returns/{id}/refuse: from requested or accepted; the reason is told to the shopper. */
export async function refuseReturn(
  app: FastifyInstance,
  admin: Admin,
  id: string,
  reason: string,
): Promise<ReturnView> {
  if (!isUuid(id)) throw returnNotFound();
  return app.orderEvents.transaction(app.db, async (tx, raise) => {
    const before = await findReturnRow(tx, id);
    if (!before) throw returnNotFound();
    const from = before.state as ReturnState;
    const row = await moveOnce(
      tx,
      id,
      ['requested', 'accepted'],
      { state: 'refused', refusalReason: reason },
      'refused',
    );
    await addStep(tx, row.id, 'refused', admin.name);
    await recordAudit(tx, admin, returnStepEntry(row, from, `why: ${reason}`));
    await tell(tx, raise, row.orderId, refusedTexts(factsForTexts(row), reason));
    return returnView(tx, row.id);
  });
}

/**
 * The refund a received return asked ended successful (the 'order.refunded' event, in the settlement's
 * transaction): the return is refunded. The refund's own text and e-mail tell the shopper the amount.
 */
export async function markRefunded(tx: Tx, refundId: string): Promise<void> {
  const ret = await findReturnByRefund(tx, refundId);
  if (!ret || ret.outcome !== 'refund') return;
  const row = await moveReturn(tx, ret.id, ['received'], { state: 'refunded' });
  if (!row) return;
  await addStep(tx, row.id, 'refunded', 'Shop');
  await recordAudit(tx, { id: null, name: 'Shop' }, returnStepEntry(row, 'received', 'the refund reached the shopper'));
}
