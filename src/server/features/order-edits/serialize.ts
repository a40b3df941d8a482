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

/** A value with every object's keys in one order and no undefined, so two that say the same write the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object') return value;
  const fields = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(fields)
      .sort()
      .map((key) => [key, canonical(fields[key])]),
  );
}

/** Whether an edit would change nothing: the same lines in any order, the same delivery and address. */
export function sameSide(a: EditSide, b: EditSide): boolean {
  const written = (side: EditSide) =>
    JSON.stringify(
      canonical({
        ...side,
        lines: side.lines.map((line) => JSON.stringify(canonical(line))).sort(),
      }),
    );
  return written(a) === written(b);
}

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

/** The audit line's words: the totals, and what the money does. */
export function editSummary(preview: Omit<OrderEditPreview, 'stockProblems'>): string {
  const totals = `total ${kwacha(preview.before.totalNgwee)} → ${kwacha(preview.after.totalNgwee)}`;
  if (preview.refundNgwee > 0) return `${totals}; ${kwacha(preview.refundNgwee)} to refund`;
  if (preview.balanceDueNgwee > 0) return `${totals}; ${kwacha(preview.balanceDueNgwee)} to collect`;
  return totals;
}
