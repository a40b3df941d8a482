import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { BadRequest } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { replacementFigures } from '../../../shared/return-share';
import { returnReasonLabel } from '../../../shared/returns';
import type { ReturnView, receiveReturnSchema } from '../../../shared/schemas/returns';
import { recordAudit } from '../audit';
import { returnStock, type StockLine } from '../inventory';
import { lockOrderForReturn, placeReplacementOrder, type OrderForReturn, type RaiseOrderEvent } from '../orders';
import { askRefund } from '../refunds';
import { returnNotFound, type Admin } from './access';
import { takeReplacement } from './exchange';
import {
  addStep,
  findReturn,
  findReturnRow,
  lockReturnRow,
  refundState,
  setLineReceived,
  type ReturnLineRow,
  type ReturnRow,
} from './queries';
import { returnNumber, returnStepEntry } from './return-audit';
import { factsForTexts, leftForReturns, moveOnce, returnView, tell, wrongState } from './steps';
import { exchangedTexts, receivedTexts } from './texts';

type ReceivedLines = z.output<typeof receiveReturnSchema>['lines'];

/** Every line of the return said once, restocked and written off adding up to its units; a 400 otherwise. */
function checkedLines(lines: readonly ReturnLineRow[], given: ReceivedLines) {
  const byId = new Map(given.map((g) => [g.lineId.toLowerCase(), g]));
  if (byId.size !== given.length) throw BadRequest('Each line of the return may be named once');
  for (const id of byId.keys())
    if (!lines.some((l) => l.id === id)) throw BadRequest(`There is no line ${id} in this return`);
  return lines.map((line) => {
    const said = byId.get(line.id);
    if (!said) throw BadRequest('Say what came back for every line of the return');
    if (said.restock + said.writeOff !== line.quantity)
      throw BadRequest(`Restocked and written off must add up to the line's ${line.quantity} units`);
    return { line, restock: said.restock, writeOff: said.writeOff };
  });
}

/** What a restocked part of a line puts back: a set's line its share of what it took from its parts. */
function restockLines(found: OrderForReturn, received: ReturnType<typeof checkedLines>): StockLine[] {
  const lines: StockLine[] = [];
  for (const { line, restock } of received) {
    const item = found.items.find((i) => i.id === line.orderItemId);
    if (!item?.productId || restock === 0) continue;
    lines.push({
      productId: item.productId,
      variantId: item.variantId,
      quantity: restock,
      name: item.name,
      stockTaken: item.stockTaken?.map((part) => ({ ...part, quantity: (part.quantity / item.quantity) * restock })),
    });
  }
  return lines;
}

/**
 * PUT /returns/{id}/receive: the units came back; each is restocked (through the one stock module) or
 * written off. A refund return asks its refund through the refund path (two admins as REFUND_APPROVAL says,
 * sent once, a credit note when Smart Invoice is on); an exchange places its replacement order, the
 * difference collected (the replacement waits for it) or refunded. Under the order's row lock, then the
 * return's: of two admins at once, one receives and the other gets the 409 naming the state.
 */
export async function receiveReturn(
  app: FastifyInstance,
  admin: Admin,
  id: string,
  given: ReceivedLines,
): Promise<ReturnView> {
  if (!isUuid(id)) throw returnNotFound();
  const first = await findReturnRow(app.db, id);
  if (!first) throw returnNotFound();
  const { view, changed } = await app.orderEvents.transaction(app.db, async (tx, raise) => {
    const found = await lockOrderForReturn(tx, first.orderId);
    const ret = await lockReturnRow(tx, id);
    if (!found || !ret) throw returnNotFound();
    if (ret.state !== 'accepted') throw wrongState(ret, 'received');
    const stored = (await findReturn(tx, ret.id))!;
    const received = checkedLines(stored.lines, given);
    const { changed } = await returnStock(tx, restockLines(found, received));
    for (const r of received) await setLineReceived(tx, r.line.id, r.restock, r.writeOff);
    const units = received.map((r) => `${r.restock} restocked, ${r.writeOff} written off`).join('; ');
    const credit = Math.min(ret.amountNgwee, await leftForReturns(tx, found, ret.id));
    const done =
      ret.outcome === 'exchange'
        ? await exchange(app, tx, raise, admin, found, ret, stored.exchange, credit, units)
        : await refund(app, tx, raise, admin, ret, credit, units);
    return { view: await returnView(tx, ret.id, found), changed: [...changed, ...done.changed] };
  });
  if (changed.length > 0) await app.catalogCache.invalidate('stock', changed);
  return view;
}

async function refund(
  app: FastifyInstance,
  tx: Tx,
  raise: RaiseOrderEvent,
  admin: Admin,
  ret: ReturnRow,
  amountNgwee: number,
  units: string,
) {
  const refundId = await askReturnRefund(app, tx, raise, admin, ret, amountNgwee);
  const row = await moveOnce(tx, ret.id, ['accepted'], { state: 'received', refundId, amountNgwee }, 'received');
  await addStep(tx, row.id, 'received', admin.name);
  await recordAudit(tx, admin, returnStepEntry(row, 'accepted', units));
  await tell(tx, raise, row.orderId, receivedTexts(factsForTexts(row), amountNgwee || null));
  await refundedAtOnce(tx, admin, row, refundId);
  return { changed: [] as string[] };
}

/** The return's refund, through the one refund path, back to the wallet it came from; null when nothing is left. */
export async function askReturnRefund(
  app: FastifyInstance,
  tx: Tx,
  raise: RaiseOrderEvent,
  admin: Admin,
  ret: ReturnRow,
  amountNgwee: number,
): Promise<string | null> {
  if (amountNgwee <= 0) return null;
  return askRefund(app, { raise, actor: admin }, tx, admin, ret.orderId, {
    amountNgwee,
    reason: `Return ${returnNumber(ret)}: ${returnReasonLabel(ret.reason)}`,
    attemptId: 'wallet',
  });
}

/**
 * A refund sent by hand with no second admin needed ends successful inside askRefund, before its id was on
 * the return; nothing to send back at all ends the return too.
 */
export async function refundedAtOnce(tx: Tx, admin: Admin, row: ReturnRow, refundId: string | null): Promise<void> {
  if (refundId && (await refundState(tx, refundId)) !== 'successful') return;
  const refunded = await moveOnce(tx, row.id, ['received'], { state: 'refunded' }, 'refunded');
  await addStep(tx, refunded.id, 'refunded', admin.name);
  await recordAudit(
    tx,
    admin,
    returnStepEntry(refunded, 'received', refundId ? 'refunded by hand' : 'nothing left to refund'),
  );
}

async function exchange(
  app: FastifyInstance,
  tx: Tx,
  raise: RaiseOrderEvent,
  admin: Admin,
  found: OrderForReturn,
  ret: ReturnRow,
  lines: Parameters<typeof takeReplacement>[1],
  creditNgwee: number,
  units: string,
) {
  const { replacement, changed } = await takeReplacement(tx, lines);
  const { differenceNgwee, figures } = replacementFigures(
    replacement.map((l) => ({ unitPriceNgwee: l.price.priceNgwee, quantity: l.quantity })),
    creditNgwee,
  );
  const order = await placeReplacementOrder(tx, raise, found.order, replacement, figures, {
    note: `Paid by return ${returnNumber(ret)}`,
    adminId: admin.id,
    adminName: admin.name,
  });
  const refundId =
    differenceNgwee < 0
      ? await askRefund(app, { raise, actor: admin }, tx, admin, ret.orderId, {
          amountNgwee: -differenceNgwee,
          reason: `Exchange ${returnNumber(ret)}: the difference`,
          attemptId: 'wallet',
        })
      : null;
  const received = await moveOnce(
    tx,
    ret.id,
    ['accepted'],
    { state: 'received', amountNgwee: creditNgwee },
    'received',
  );
  await addStep(tx, received.id, 'received', admin.name);
  await recordAudit(tx, admin, returnStepEntry(received, 'accepted', units));
  const row = await moveOnce(
    tx,
    ret.id,
    ['received'],
    { state: 'exchanged', replacementOrderId: order._id, differenceNgwee, refundId },
    'exchanged',
  );
  await addStep(tx, row.id, 'exchanged', admin.name);
  await recordAudit(tx, admin, returnStepEntry(row, 'received', `replacement order ${order._id}`));
  await tell(tx, raise, row.orderId, exchangedTexts(factsForTexts(row), order._id, differenceNgwee));
  return { changed };
}
