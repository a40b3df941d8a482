import { howToPay } from '../../../shared/how-to-pay';
import { lineTotalInKwacha } from '../../../shared/money';
import { orderReference, paymentMethodLabel } from '../../../shared/order-status';
import type { OrderLinkView } from '../../../shared/schemas/order-link';
import type { ShopSettings } from '../../../shared/schemas/settings';
import type { OrderWithItems } from './queries';
import { toOrderJson } from './serialize';

/**
 * What a signed order link shows: the order as the API speaks it (one serializer for amounts and dates),
 * keeping only what may be forwarded. Built by naming the fields kept, never by deleting the personal
 * ones, so a field added to the order later stays out of the link until someone decides otherwise.
 */
export function toOrderLinkJson(found: OrderWithItems, settings: ShopSettings, linkExpiresAt: Date): OrderLinkView {
  const order = toOrderJson(found);
  return {
    _id: order._id,
    reference: orderReference(order._id),
    createdAt: order.createdAt,
    status: order.status,
    isPaid: order.isPaid,
    paidAt: order.paidAt,
    refundedNgwee: order.refundedNgwee,
    refundStatus: order.refundStatus,
    isDelivered: order.isDelivered,
    deliveredAt: order.deliveredAt,
    fiscalReceipt: order.fiscalReceipt,
    orderItems: order.orderItems.map((item) => ({
      _id: item._id,
      name: item.name,
      image: item.image,
      quantity: item.quantity,
      price: item.price,
      lineTotal: lineTotalInKwacha(item.price, item.quantity),
    })),
    itemsPrice: order.itemsPrice,
    discountCode: order.discountCode,
    discountPrice: order.discountAmount,
    taxPrice: order.taxPrice,
    shippingPrice: order.shippingPrice,
    totalPrice: order.totalPrice,
    paymentMethod: order.paymentMethod,
    paymentMethodLabel: paymentMethodLabel(order.paymentMethod),
    howToPay: howToPay(order, settings),
    linkExpiresAt: linkExpiresAt.toISOString(),
  };
}
