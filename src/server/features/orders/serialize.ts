import { toKwacha } from '../../../shared/money';
import { refundStatusOf } from '../../../shared/refunds';
import type { MarkedPaid, Order } from '../../../shared/schemas/orders';
import { readPaymentResult } from './payment-result';
import type { OrderRow, OrderWithItems } from './queries';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The buyer as recorded when the order was placed; _id is null once that account has been deleted. */
export function orderCustomer(order: Pick<OrderRow, 'userId' | 'customerName' | 'customerEmail'>) {
  return { _id: order.userId, name: order.customerName, email: order.customerEmail };
}

/** An order as the API speaks it: kwacha amounts under both of the spec's names, ISO dates. */
export function toOrderJson({ order, items, money, fiscal }: OrderWithItems): Order {
  const itemsPrice = toKwacha(order.itemsNgwee);
  const taxPrice = toKwacha(order.taxNgwee);
  const shippingPrice = toKwacha(order.shippingNgwee);
  const totalPrice = toKwacha(order.totalNgwee);
  return {
    _id: order.id,
    user: orderCustomer(order),
    orderItems: items.map((item) => ({
      _id: item.id,
      name: item.name,
      quantity: item.quantity,
      image: item.image,
      price: toKwacha(item.unitPriceNgwee),
      product: item.productId,
      // A plain product's line answers as the spec has it; a variant's names it (decision 067).
      ...(item.variantLabel === null ? {} : { variant: item.variantId, variantLabel: item.variantLabel }),
    })),
    shippingAddress: order.shippingAddress,
    paymentMethod: order.paymentMethod,
    itemsPrice,
    taxPrice,
    taxAmount: taxPrice,
    shippingPrice,
    shippingAmount: shippingPrice,
    discountCode: order.discountCode,
    discountAmount: toKwacha(order.discountNgwee),
    totalPrice,
    totalAmount: totalPrice,
    status: order.status,
    isPaid: order.isPaid,
    balanceDueNgwee: order.balanceDueNgwee,
    paidAt: iso(order.paidAt),
    paymentResult: readPaymentResult(order.paymentResult),
    paymentReference: order.paymentReference,
    refundedNgwee: money.refundedNgwee,
    refundStatus: refundStatusOf(money.collectedNgwee, money.refundedNgwee),
    delivery: order.delivery ? { option: order.deliveryOptionId, ...order.delivery } : null,
    collection:
      order.collectionCode === null
        ? null
        : {
            code: order.collectionCode,
            collectedAt: iso(order.collectedAt),
            collectedBy: order.collectedAt ? (order.collectedByName ?? '') : null,
          },
    isDelivered: order.isDelivered,
    deliveredAt: iso(order.deliveredAt),
    fiscalReceipt: fiscal,
    channel: order.channel as Order['channel'],
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export const toOrderListJson = (list: OrderWithItems[]) => list.map(toOrderJson);

function markedPaidOf(order: OrderRow): MarkedPaid | null {
  if (!order.markedPaidAt) return null;
  return {
    by: { _id: order.markedPaidBy, name: order.markedPaidByName ?? '' },
    at: order.markedPaidAt.toISOString(),
    note: order.markedPaidNote,
  };
}

/** An order as an admin sees it: with the hand-made payment mark, which the owner and e-mails never get. */
export function toAdminOrderJson(found: OrderWithItems): Order {
  const json = toOrderJson(found);
  // The code is the shopper's proof at the counter: the back office asks for it, it does not show it.
  const collection = json.collection
    ? { collectedAt: json.collection.collectedAt, collectedBy: json.collection.collectedBy }
    : null;
  return { ...json, collection, markedPaid: markedPaidOf(found.order) };
}
export const toAdminOrderListJson = (list: OrderWithItems[]) => list.map(toAdminOrderJson);
