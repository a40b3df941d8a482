import { formatKwacha, toKwacha } from '../../../shared/money';
import type { EditSide, OrderEditPreview } from '../../../shared/schemas/order-edits';
import type { EditableOrder, EditedLine, EditedOrderValues } from '../orders';

const deliveryOf = (optionId: string | null, delivery: EditableOrder['order']['delivery']) =>
  delivery ? { option: optionId, ...delivery } : null;

/** The order as it is, one side of the edit. */
export function sideBefore({ order, items }: EditableOrder): EditSide {
  return {
    lines: items.map((item) => ({
      product: item.productId,
      variant: item.variantId,
      name: item.name,
      unitPriceNgwee: item.unitPriceNgwee,
      quantity: item.quantity,
    })),
    delivery: deliveryOf(order.deliveryOptionId, order.delivery),
    shippingAddress: order.shippingAddress,
    itemsNgwee: order.itemsNgwee,
    discountNgwee: order.discountNgwee,
    taxNgwee: order.taxNgwee,
    shippingNgwee: order.shippingNgwee,
    totalNgwee: order.totalNgwee,
  };
}

/** The order as the edit makes it. */
export function sideAfter(lines: readonly EditedLine[], values: EditedOrderValues): EditSide {
  return {
    lines: lines.map((line) => ({
      product: line.productId,
      variant: line.sold.variantId,
      name: line.name,
      unitPriceNgwee: line.unitPriceNgwee,
      quantity: line.quantity,
    })),
    delivery: deliveryOf(values.deliveryOptionId, values.delivery),
    shippingAddress: values.shippingAddress,
    itemsNgwee: values.itemsNgwee,
    discountNgwee: values.discountNgwee,
    taxNgwee: values.taxNgwee,
    shippingNgwee: values.shippingNgwee,
    totalNgwee: values.totalNgwee,
  };
}

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

/** The audit line's words: the totals, and what the money does. */
export function editSummary(preview: Omit<OrderEditPreview, 'stockProblems'>): string {
  const totals = `total ${kwacha(preview.before.totalNgwee)} → ${kwacha(preview.after.totalNgwee)}`;
  if (preview.refundNgwee > 0) return `${totals}; ${kwacha(preview.refundNgwee)} to refund`;
  if (preview.balanceDueNgwee > 0) return `${totals}; ${kwacha(preview.balanceDueNgwee)} to collect`;
  return totals;
}
