import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { BadRequest, Conflict, HttpError, NotFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import { computeTotals, type DeliveryRule } from '../../../shared/money';
import { editMoney } from '../../../shared/order-balance';
import { paysOnCollection } from '../../../shared/payment-methods';
import { readZambianMobile } from '../../../shared/phone-numbers';
import type {
  EditOrderInput,
  OrderEditPreview,
  OrderEditResult,
  PreviewOrderEditInput,
} from '../../../shared/schemas/order-edits';
import { recordAudit } from '../audit';
import { chooseDeliveryOption, collectedAtPoint, newCollectionCode } from '../delivery';
import { judgeOrderCode, rewriteRedemption } from '../discounts';
import {
  editedOrderJson,
  findEditableOrderRow,
  lockEditableOrder,
  orderEditedEntry,
  raiseOrderEdited,
  writeEditedOrder,
  type EditableOrder,
  type EditableOrderRow,
  type EditedOrderValues,
} from '../orders';
import { findLiveAttempt } from '../payments';
import { askRefund } from '../refunds';
import { moveStockForEdit, type MovedStock } from './edit-stock';
import { hasShares, insertOrderEdit, setEditRefund } from './queries';
import { editSummary, sameSide, sideAfter, sideBefore } from './serialize';

type Admin = Pick<CurrentUser, 'id' | 'name'>;

/** The order left the shop, or was cancelled: its state named, as the brief's 409 says. */
function refuseUnlessEditable({ order }: EditableOrder): void {
  if (order.status === 'Cancelled') throw Conflict('This order is Cancelled: a cancelled order cannot be changed');
  if (order.status === 'Shipped' || order.status === 'Delivered' || order.collectedAt)
    throw Conflict(
      `This order is ${order.collectedAt && order.status !== 'Delivered' ? 'collected' : order.status}: it can be changed only before it leaves`,
    );
}

type Delivery = Awaited<ReturnType<typeof deliveryFor>>;

/**
 * The delivery the edited order travels with: the one chosen, or the order's own as it was charged. Chosen
 * before the edit's transaction, from the order as read then: the options' cache may have to read the
 * database, which on the embedded database would wait for that very transaction (as placeOrder chooses first).
 */
async function deliveryFor(app: FastifyInstance, order: EditableOrderRow, input: PreviewOrderEditInput) {
  if (input.delivery) {
    const chosen = await chooseDeliveryOption(
      app.deliveryOptions,
      input.delivery.shippingAddress,
      input.delivery.deliveryOption,
      0,
    );
    if (paysOnCollection(order.paymentMethod) && !chosen.payOnCollection)
      throw BadRequest(
        `This order is paid on collection: ${chosen.snapshot.name} does not take payment on collection. Choose a pickup point that does.`,
      );
    const phone = readZambianMobile(input.delivery.shippingAddress.phoneNumber);
    return {
      rule: chosen.rule,
      optionId: chosen.optionId,
      snapshot: chosen.snapshot,
      address: input.delivery.shippingAddress,
      contactMobile: phone.ok ? phone.mobile.e164 : order.contactMobile,
    };
  }
  // Unchanged: its option's rule as it is now; an option switched off since keeps the fee the order was charged.
  let rule: DeliveryRule = { feeNgwee: order.shippingNgwee, freeAboveNgwee: null };
  if (order.deliveryOptionId) {
    try {
      rule = (await chooseDeliveryOption(app.deliveryOptions, order.shippingAddress, order.deliveryOptionId, 0)).rule;
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    }
  }
  return {
    rule,
    optionId: order.deliveryOptionId,
    snapshot: order.delivery,
    address: order.shippingAddress,
    contactMobile: order.contactMobile,
  };
}

interface Worked {
  preview: OrderEditPreview;
  values: EditedOrderValues;
  moved: MovedStock;
}

/** The edit worked out under the order's lock, its stock already moved in the transaction. */
async function workOut(
  tx: Tx,
  editable: EditableOrder,
  input: PreviewOrderEditInput,
  delivery: Delivery,
): Promise<Worked> {
  const { order } = editable;
  const moved = await moveStockForEdit(tx, editable, input.lines);
  const priced = moved.lines.map((l) => ({
    productId: l.productId,
    unitPriceNgwee: l.unitPriceNgwee,
    quantity: l.quantity,
  }));
  const discount = order.discountCode ? await judgeOrderCode(tx, order.discountCode, priced) : null;
  const totals = computeTotals(priced, { delivery: delivery.rule, discount: discount ?? undefined });
  const money = editMoney(order, totals.totalNgwee);
  const values: EditedOrderValues = {
    ...totals,
    balanceDueNgwee: money.balanceDueNgwee,
    shippingAddress: delivery.address,
    deliveryOptionId: delivery.optionId,
    delivery: delivery.snapshot,
    collectionCode: collectedAtPoint(delivery.snapshot?.kind) ? (order.collectionCode ?? newCollectionCode()) : null,
    contactMobile: delivery.contactMobile,
  };
  return {
    moved,
    values,
    preview: {
      before: sideBefore(editable),
      after: sideAfter(moved.lines, values),
      ...money,
      discountDropped:
        Boolean(order.discountCode) && order.discountNgwee > 0 && !discount?.amountNgwee && !discount?.freeDelivery,
      stockProblems: moved.problems,
    },
  };
}

/** Thrown to roll a preview's transaction back: nothing it did to stock stays. */
class PreviewDone extends Error {
  constructor(readonly preview: OrderEditPreview) {
    super('preview');
  }
}

const orderNotFound = () => NotFound('Order not found');

/** The order read and its delivery chosen, before the transaction. */
async function prepare(app: FastifyInstance, orderId: string, input: PreviewOrderEditInput) {
  const read = await findEditableOrderRow(app.db, orderId);
  if (!read) throw orderNotFound();
  refuseUnlessEditable({ order: read, items: [] });
  return { read, delivery: await deliveryFor(app, read, input) };
}

/** What the delivery was chosen from, so an order changed in between is noticed under the lock. */
const deliveryBasis = (order: EditableOrderRow) =>
  JSON.stringify([
    order.deliveryOptionId,
    order.shippingAddress,
    order.shippingNgwee,
    order.delivery,
    order.contactMobile,
  ]);

async function locked(tx: Tx, orderId: string, read: EditableOrderRow): Promise<EditableOrder> {
  const editable = await lockEditableOrder(tx, orderId);
  if (!editable) throw orderNotFound();
  refuseUnlessEditable(editable);
  // Reopened after it was handed over: its makers' shares were credited once, for the lines it had then, and
  // are never written again (decision 063), so a change would leave them for goods no longer sold.
  if (await hasShares(tx, orderId))
    throw Conflict("This order was handed over once and its makers' shares are written: it can no longer be changed");
  if (deliveryBasis(editable.order) !== deliveryBasis(read))
    throw Conflict('The order was changed meanwhile: look at it again, then change it');
  return editable;
}

/** POST /orders/{id}/edit/preview: the edit worked out as it would be made, then rolled back: writes nothing. */
export async function previewOrderEdit(
  app: FastifyInstance,
  orderId: string,
  input: PreviewOrderEditInput,
): Promise<OrderEditPreview> {
  const { read, delivery } = await prepare(app, orderId, input);
  try {
    await app.db.transaction(async (tx) => {
      const editable = await locked(tx, orderId, read);
      throw new PreviewDone((await workOut(tx, editable, input, delivery)).preview);
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.preview;
    throw error;
  }
  throw new Error('unreachable: a preview always rolls back');
}

/**
 * POST /orders/{id}/edit (docs/decisions/070-order-edits.md). One transaction under the order's row lock:
 * stock moved, the order and its lines rewritten, its code's redemption, a paid order's balance or the
 * refund of the difference (askRefund, the refunds' own path), the order_edits row, the audit line and
 * 'order.edited' (the shopper's text and e-mail are recorded with it).
 */
export async function editOrder(
  app: FastifyInstance,
  admin: Admin,
  orderId: string,
  input: EditOrderInput,
): Promise<OrderEditResult> {
  const { read, delivery } = await prepare(app, orderId, input);
  const { result, changed } = await app.orderEvents.transaction(app.db, async (tx, raise) => {
    const editable = await locked(tx, orderId, read);
    const { order } = editable;
    if (await findLiveAttempt(tx, order.id))
      throw Conflict('A payment of this order is under way: wait for it to end, then change the order');
    const { preview, values, moved } = await workOut(tx, editable, input, delivery);
    const [problem] = preview.stockProblems;
    if (problem) throw Conflict(problem.message, { stockProblems: preview.stockProblems });
    if (sameSide(preview.before, preview.after)) throw Conflict('The order is already as asked: nothing to change');
    const row = await writeEditedOrder(tx, order, values, moved.lines);
    if (order.discountCode) await rewriteRedemption(tx, order.id, values.discountNgwee);
    const edit = await insertOrderEdit(tx, {
      orderId: order.id,
      editedBy: admin.id,
      editedByName: admin.name,
      note: input.note,
      before: preview.before,
      after: preview.after,
      differenceNgwee: preview.differenceNgwee,
      balanceDueNgwee: preview.balanceDueNgwee,
    });
    let refundId: string | null = null;
    if (preview.refundNgwee > 0) {
      refundId = await askRefund(app, { raise, actor: admin }, tx, admin, order.id, {
        amountNgwee: preview.refundNgwee,
        reason: `Order changed: ${input.note}`.slice(0, 500),
        attemptId: 'wallet',
      });
      await setEditRefund(tx, edit.id, refundId);
    }
    await recordAudit(
      tx,
      admin,
      orderEditedEntry(
        row,
        { ...preview.before },
        { ...preview.after, note: input.note, refundId },
        editSummary(preview),
      ),
    );
    const json = await editedOrderJson(tx, row);
    await raiseOrderEdited(raise, json.shopper, {
      editId: edit.id,
      previousTotalNgwee: order.totalNgwee,
      differenceNgwee: preview.differenceNgwee,
      balanceDueNgwee: preview.balanceDueNgwee,
      refundNgwee: preview.refundNgwee,
    });
    const { stockProblems: _none, ...money } = preview;
    return { result: { order: json.admin, edit: { _id: edit.id, refundId, ...money } }, changed: moved.changed };
  });
  await app.catalogCache.invalidate('stock', changed);
  return result;
}
