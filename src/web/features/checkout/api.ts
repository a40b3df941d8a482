import { queryOptions } from '@tanstack/react-query';
import type { Order, OrderConflict, PlaceOrderInput } from '../../../shared/schemas/orders';
import type { PaymentMethod } from '../../../shared/order-status';
import { computeTotalsInKwacha, formatKwacha as money, type DiscountEffect } from '../../../shared/money';
import { ApiError, apiRequest } from '../../lib/api-client';
import { isRecord } from '../../lib/storage';
import type { CartItem } from '../cart';
import type { CheckoutForm } from './checkout-schema';
import { sendUntilAnswered } from './resend-lost-order';
import type { ChosenOption } from './delivery-api';

/** Places the order; a lost answer (no connection, 502-504) is asked again with the same key (resend-lost-order.ts). */
export function placeOrder(
  items: CartItem[],
  form: CheckoutForm,
  idempotencyKey: string,
  delivery?: ChosenOption,
  discount?: { code: string; effect: DiscountEffect },
): Promise<Order> {
  const totals = computeTotalsInKwacha(items, { delivery: delivery?.rule, discount: discount?.effect });
  const send = () =>
    apiRequest<Order, PlaceOrderInput>('/orders', {
      method: 'POST',
      headers: { 'Idempotency-Key': idempotencyKey },
      body: {
        // The name only words the server's answer if the product has gone; price and name come from the catalogue.
        // The variant names the size chosen; a line without one (a plain product, or a line kept from before
        // sizes) is sold as the product's default.
        orderItems: items.map((item) => ({
          product: item.id,
          ...(item.variant ? { variant: item.variant } : {}),
          quantity: item.quantity,
          name: item.name,
        })),
        shippingAddress: {
          address: form.address,
          city: form.city,
          province: form.province,
          zipCode: form.zipCode,
          phoneNumber: form.phoneNumber,
        },
        paymentMethod: form.paymentMethod satisfies PaymentMethod,
        ...(delivery ? { deliveryOption: delivery.id } : {}),
        taxAmount: totals.taxPrice,
        shippingAmount: totals.shippingPrice,
        totalAmount: totals.totalPrice,
        ...(discount ? { discountCode: discount.code, discountAmount: totals.discountPrice } : {}),
      },
    });
  return sendUntilAnswered(send);
}

function fetchOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(id)}`, { signal });
}

/** One order, cached under the key both the success page and the order page read. */
export function orderQuery(id: string) {
  return queryOptions({ queryKey: ['orders', id], queryFn: ({ signal }) => fetchOrder(id, signal) });
}

/** A 409 about the cart (prices, stock, a code); a refusal for unpaid orders (unpaidRefusalOf) is not one. */
export function conflictOf(error: unknown): OrderConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isRecord(error.data)) return null;
  if ('unpaidLimit' in error.data) return null;
  return { ...(error.data as OrderConflict), message: error.message };
}

/**
 * The server's sentence when unpaid orders already hold what one shopper may (decision 056): the cart is
 * fine as it is, an order must be paid first.
 */
export function unpaidRefusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isRecord(error.data)) return null;
  return 'unpaidLimit' in error.data ? error.message : null;
}

interface ConflictOutcome {
  items: CartItem[];
  /** One sentence per product that changed, for the alert. */
  changes: string[];
}

type ServerLine = { product: string; variant?: string };

/**
 * The server's line for a cart line. A line sent without a variant was sold as the product's default,
 * which the server names: it is the one of that product no other cart line names.
 */
function serverLineOf<T extends ServerLine>(items: CartItem[], item: CartItem, lines: readonly T[]): T | undefined {
  const ofProduct = lines.filter((line) => line.product === item.id);
  if (item.variant) return ofProduct.find((line) => line.variant === item.variant);
  const named = new Set(items.filter((other) => other.id === item.id && other.variant).map((other) => other.variant));
  return ofProduct.find((line) => !line.variant) ?? ofProduct.find((line) => !named.has(line.variant));
}

/**
 * The cart lines a stock answer is about: the product's line of that variant (or its plain line, sold as
 * the default); without a variant, its plain line, else (a size that has gone since) the line sent under
 * that name, else every line of the product.
 */
function linesNamed(items: CartItem[], conflict: OrderConflict): CartItem[] {
  const ofProduct = items.filter((item) => item.id === conflict.product);
  if (conflict.variant) {
    const exact = ofProduct.filter((item) => item.variant === conflict.variant);
    return exact.length > 0 ? exact : ofProduct.filter((item) => !item.variant);
  }
  const plain = ofProduct.filter((item) => !item.variant);
  if (plain.length > 0) return plain;
  const byName = ofProduct.filter((item) => item.name === conflict.name);
  return byName.length > 0 ? byName : ofProduct;
}

/** The cart brought up to date with what the server said: new prices, capped quantities, vanished lines removed. */
export function applyConflict(items: CartItem[], conflict: OrderConflict): ConflictOutcome {
  const changes: string[] = [];
  if (conflict.orderItems) {
    const lines = conflict.orderItems;
    const next = items.map((item) => {
      const fresh = serverLineOf(items, item, lines);
      if (!fresh || fresh.price === item.price) return item;
      changes.push(`${fresh.name}: price changed from ${money(item.price)} to ${money(fresh.price)}`);
      return { ...item, name: fresh.name, price: fresh.price };
    });
    return { items: next, changes };
  }
  if (conflict.product) {
    const named = new Set(linesNamed(items, conflict));
    const name = conflict.name || [...named][0]?.name || 'A product';
    const left = conflict.countInStock;
    if (left === undefined || left <= 0) {
      changes.push(`${name} is no longer available and was removed from your cart`);
      return { items: items.filter((item) => !named.has(item)), changes };
    }
    changes.push(`${name}: only ${left} left, your quantity is now ${left}`);
    return {
      items: items.map((item) => (named.has(item) ? { ...item, quantity: Math.min(item.quantity, left) } : item)),
      changes,
    };
  }
  return { items, changes };
}
