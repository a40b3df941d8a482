import { returnReasonLabel, type ReturnOutcome, type ReturnState } from '../../../shared/returns';
import type { ReturnListItem, ReturnView } from '../../../shared/schemas/returns';
import type { orderItems } from '../../db/schema';
import type { ReturnListRow, StoredReturn } from './queries';
import { returnNumber } from './return-audit';

type OrderItemRow = typeof orderItems.$inferSelect;

/** A return as its shopper and the back office read it (the contract of decision 069). */
export function toReturnJson(stored: StoredReturn, items: readonly OrderItemRow[]): ReturnView {
  const { ret } = stored;
  const itemOf = new Map(items.map((item) => [item.id, item]));
  return {
    id: ret.id,
    number: returnNumber(ret),
    orderId: ret.orderId,
    state: ret.state as ReturnState,
    outcome: ret.outcome as ReturnOutcome,
    reason: ret.reason,
    reasonLabel: returnReasonLabel(ret.reason),
    note: ret.note,
    photoUrl: stored.photoUrl,
    unopened: ret.unopened,
    lines: stored.lines.map((line) => {
      const item = itemOf.get(line.orderItemId);
      return {
        id: line.id,
        orderItemId: line.orderItemId,
        productId: item?.productId ?? null,
        variantId: item?.variantId ?? null,
        name: item?.name ?? '',
        variantText: item?.variantLabel ?? null,
        qty: line.quantity,
        shareNgwee: line.shareNgwee,
        restocked: line.restocked,
        writtenOff: line.writtenOff,
      };
    }),
    exchange: stored.exchange.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      name: line.name,
      variantText: line.variantLabel,
      qty: line.quantity,
      priceNgwee: line.unitPriceNgwee,
    })),
    amountNgwee: ret.amountNgwee,
    refund: stored.refund,
    replacementOrderId: ret.replacementOrderId,
    differenceNgwee: ret.differenceNgwee,
    where: { kind: ret.whereKind as 'pickup' | 'courier', text: ret.whereText },
    refusalReason: ret.refusalReason,
    timeline: stored.steps.map((step) => ({
      state: step.state as ReturnState,
      at: step.at.toISOString(),
      byName: step.byName,
    })),
    createdAt: ret.createdAt.toISOString(),
  };
}

export function toReturnListItemJson(row: ReturnListRow): ReturnListItem {
  return {
    id: row.ret.id,
    number: returnNumber(row.ret),
    orderId: row.ret.orderId,
    shopperName: row.customerName,
    shopperPhone: row.phone,
    state: row.ret.state as ReturnState,
    outcome: row.ret.outcome as ReturnOutcome,
    reasonLabel: returnReasonLabel(row.ret.reason),
    amountNgwee: row.ret.amountNgwee,
    units: row.units,
    createdAt: row.ret.createdAt.toISOString(),
  };
}
