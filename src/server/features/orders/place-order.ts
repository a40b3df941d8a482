import type { FastifyInstance } from 'fastify';
import { BadRequest, Conflict, HttpError, isUniqueViolation } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import type { Tx } from '../../db/client';
import type { CurrentUser } from '../../plugins/auth';
import {
  computeTotals,
  formatKwacha,
  TAX_RATE_PERCENT,
  toKwacha,
  toNgwee,
  type DiscountEffect,
  type OrderTotals,
  type DeliveryRule,
} from '../../../shared/money';
import { paymentMethodLabel } from '../../../shared/order-status';
import { paysOnCollection } from '../../../shared/payment-methods';
import { readZambianMobile } from '../../../shared/phone-numbers';
import type { Order, OrderChannel, PlaceOrderInput } from '../../../shared/schemas/orders';
import { nameWithVariant } from '../../../shared/schemas/products';
import { stockTakenBy } from './stock-taken';
import { findOrderByIdempotencyKey, insertOrderWithItems } from './queries';
import { toOrderJson } from './serialize';
import { refuseOverUnpaidBounds } from './unpaid-bounds';
import { unpaidHoldUntil } from './unpaid-release';
import {
  lineKey,
  productNoLongerAvailable,
  stockLines,
  takeStock,
  type CataloguePrice,
  type StockLine,
} from '../inventory';
import { chooseDeliveryOption, collectedAtPoint, newCollectionCode, type ChosenDelivery } from '../delivery';
import { applyDiscountCode, CodeRefused, recordRedemption, takeCodeTry, type AppliedDiscount } from '../discounts';

/** Order amounts live in int4 ngwee columns; an order past this cannot be stored (about K20 million). */
const LARGEST_ORDER_NGWEE = 2_000_000_000;

export const PRICES_CHANGED = 'Prices have changed since you loaded your cart. Please review your order.';

/** The figures a 409 can name as different from what the client sent, in the order the message checks them. */
export type DifferingFigure = 'prices' | 'discount' | 'shipping' | 'tax' | 'total';

export interface PlacedOrder {
  order: Order;
  /** false when an Idempotency-Key named an order placed before: it is answered again, not placed twice. */
  created: boolean;
}

interface PricedLine extends StockLine {
  product: CataloguePrice;
}

/**
 * Prices the lines from the catalogue and refuses when the total differs from what the customer was
 * shown, so no one is charged an amount they did not see. The 409 carries the current figures so the
 * client can show them, and says which of the client's figures differ (`differs`): a line price, the
 * shipping, the tax, or only the total.
 */
function checkClientTotal(
  lines: PricedLine[],
  input: PlaceOrderInput,
  delivery: DeliveryRule,
  discount?: DiscountEffect,
): OrderTotals {
  const totals = computeTotals(
    lines.map((l) => ({ unitPriceNgwee: l.product.priceNgwee, quantity: l.quantity })),
    { delivery, discount },
  );
  if (toNgwee(input.totalAmount) !== totals.totalNgwee) {
    const differs = differingFigures(lines, input, totals);
    throw Conflict(totalMismatchMessage(differs, input, totals), {
      differs,
      itemsPrice: toKwacha(totals.itemsNgwee),
      ...(input.discountCode ? { discountAmount: toKwacha(totals.discountNgwee) } : {}),
      taxAmount: toKwacha(totals.taxNgwee),
      shippingAmount: toKwacha(totals.shippingNgwee),
      totalAmount: toKwacha(totals.totalNgwee),
      orderItems: lines.map((l) => ({
        product: l.productId,
        ...(l.product.variantId ? { variant: l.product.variantId } : {}),
        name: nameWithVariant(l.product.name, l.product.variantLabel),
        price: toKwacha(l.product.priceNgwee),
        quantity: l.quantity,
      })),
    });
  }
  if (totals.totalNgwee > LARGEST_ORDER_NGWEE) {
    throw BadRequest('This order is too large to place online. Please contact the shop.');
  }
  return totals;
}

function differingFigures(lines: PricedLine[], input: PlaceOrderInput, totals: OrderTotals): DifferingFigure[] {
  const current = new Map(lines.map((l) => [lineKey(l), l.product.priceNgwee]));
  const sentDiffers = (kwacha: number | undefined, ngwee: number) => kwacha !== undefined && toNgwee(kwacha) !== ngwee;
  const differs: DifferingFigure[] = [];
  const keyOf = (item: PlaceOrderInput['orderItems'][number]) =>
    lineKey({ productId: item.product.trim().toLowerCase(), variantId: item.variant?.trim().toLowerCase() });
  if (input.orderItems.some((item) => sentDiffers(item.price, current.get(keyOf(item)) ?? NaN))) differs.push('prices');
  if (sentDiffers(input.discountAmount ?? (input.discountCode ? undefined : 0), totals.discountNgwee))
    differs.push('discount');
  if (sentDiffers(input.shippingAmount, totals.shippingNgwee)) differs.push('shipping');
  if (sentDiffers(input.taxAmount, totals.taxNgwee)) differs.push('tax');
  differs.push('total');
  return differs;
}

/** Names the first figure that explains the difference: a changed price explains a changed shipping or tax too. */
function totalMismatchMessage(differs: DifferingFigure[], input: PlaceOrderInput, totals: OrderTotals): string {
  const was = (shop: number, sent: number) => `${formatKwacha(toKwacha(shop))}, not ${formatKwacha(sent)}`;
  if (differs.includes('prices')) return PRICES_CHANGED;
  const parts: string[] = [];
  if (differs.includes('discount'))
    parts.push(`the discount for this order is ${was(totals.discountNgwee, input.discountAmount ?? 0)}`);
  if (differs.includes('shipping'))
    parts.push(`shipping for this order is ${was(totals.shippingNgwee, input.shippingAmount!)}`);
  if (differs.includes('tax')) parts.push(`tax (${TAX_RATE_PERCENT}%) is ${was(totals.taxNgwee, input.taxAmount!)}`);
  if (parts.length === 0) parts.push(`the order total is ${was(totals.totalNgwee, input.totalAmount)}`);
  return `Your prices are current, but ${parts.join(' and ')}. Please review your order.`;
}

/**
 * POST /orders. Prices, names and images come from the database; stock is taken in the same
 * transaction as the order is written, with an update conditional on each product's stock, so
 * concurrent orders never sell more than there is.
 */
export async function placeOrder(
  app: FastifyInstance,
  customer: CurrentUser,
  input: PlaceOrderInput,
  idempotencyKey?: string,
  /** Who asks and through what: the caller's address, for the limit on codes tried
   * (src/server/features/discounts/code-tries.ts), and the channel the order came by (web or USSD).
   * `claim` takes what the order is made from (a USSD caller's basket) in the order's own transaction:
   * its throw places nothing, and a 409 with an idempotency key answers the order that took it. */
  context: { address?: string; channel?: OrderChannel; claim?: (tx: Tx) => Promise<void> } = {},
): Promise<PlacedOrder> {
  // Zamtel Kwacha is offered only when a provider collects it (app.payments, payments-plugin.ts); pay on
  // collection only with a pickup point that takes it (below, once the option is known).
  const onCollection = paysOnCollection(input.paymentMethod);
  if (!onCollection && !app.payments.offered.includes(input.paymentMethod))
    throw BadRequest(
      `${paymentMethodLabel(input.paymentMethod)} is not offered by this shop: choose another way to pay`,
    );
  // No look-up of the Idempotency-Key or pre-check of prices before the transaction: a repeat is caught
  // by the unique (user, key) index and the prices by the stock update's RETURNING, which keeps an order
  // to four statements whatever the number of lines (begin, take stock, write order and lines, commit):
  // placing orders is bound by statements per transaction on the embedded database.
  const lines = stockLines(
    input.orderItems.map((item) => ({
      productId: item.product,
      variantId: item.variant,
      quantity: item.quantity,
      name: item.name,
    })),
  );
  for (const line of lines)
    if (!isUuid(line.productId) || (line.variantId && !isUuid(line.variantId)))
      throw productNoLongerAvailable(line.productId, line.name);
  const discountCode = input.discountCode?.trim() || null;
  if (discountCode) await takeCodeTry(app, customer.id, context.address);

  // The chosen delivery option (on, serving the address) or a 400; its rule prices the shipping below.
  const delivery = await chooseDeliveryOption(app.deliveryOptions, input.shippingAddress, input.deliveryOption, 0);
  if (onCollection) refuseCollectionPayment(delivery);
  const phone = readZambianMobile(input.shippingAddress.phoneNumber);
  const contactMobile = phone.ok ? phone.mobile.e164 : null;
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);

  let placed;
  try {
    placed = await app.orderEvents.transaction(app.db, async (tx, raise) => {
      // First: of two placings of one claim, the second waits here for the first to end, then finds it taken.
      if (context.claim) await context.claim(tx);
      // First of all: what this account and its numbers hold unpaid, under their locks (two statements more
      // while the bounds are on; decision 056).
      await refuseOverUnpaidBounds(tx, app.config.unpaidOrders, customer, contactMobile, items);
      const { sold, changed } = await takeStock(tx, lines);
      // The prices as locked now, so an edit made while the cart sat in a phone is caught, not charged.
      const locked = lines.map((line) => ({ ...line, product: sold.get(lineKey(line))! }));
      const applied = discountCode ? await applyCode(tx, customer.id, discountCode, locked) : null;
      const totals = checkClientTotal(locked, input, delivery.rule, applied?.effect);
      const order = await insertOrderWithItems(
        tx,
        {
          userId: customer.id,
          customerName: customer.name,
          customerEmail: customer.email,
          shippingAddress: input.shippingAddress,
          paymentMethod: input.paymentMethod,
          itemsNgwee: totals.itemsNgwee,
          taxNgwee: totals.taxNgwee,
          shippingNgwee: totals.shippingNgwee,
          totalNgwee: totals.totalNgwee,
          discountCode: applied?.code ?? null,
          discountNgwee: totals.discountNgwee,
          status: 'Pending',
          isPaid: false,
          idempotencyKey: idempotencyKey ?? null,
          deliveryOptionId: delivery.optionId,
          delivery: delivery.snapshot,
          channel: context.channel ?? 'web',
          collectionCode: collectedAtPoint(delivery.snapshot?.kind) ? newCollectionCode() : null,
          contactMobile,
          unpaidHoldUntil: unpaidHoldUntil(app.config.unpaidOrders, onCollection),
        },
        locked.map((line, position) => ({
          productId: line.productId,
          name: nameWithVariant(line.product.name, line.product.variantLabel),
          image: line.product.image,
          unitPriceNgwee: line.product.priceNgwee,
          quantity: line.quantity,
          position,
          variantId: line.product.variantId,
          variantLabel: line.product.variantLabel,
          stockTaken: stockTakenBy(line.product, line.quantity),
        })),
      );
      if (applied) await recordRedemption(tx, applied, order.order.id, customer.id, totals.discountNgwee);
      // In the transaction: what must follow an order (its e-mails) is recorded with it (decision 009).
      await raise('order.placed', { order: toOrderJson(order), customerMobile: customer.mobile });
      return { order, changed };
    });
  } catch (error) {
    // The same submit arriving twice at once: the second one's insert hits the unique
    // (user, idempotency key) index, or finds the stock or its claim already taken by the first. Its transaction
    // rolled back, so nothing was taken twice; it answers the first order.
    if (idempotencyKey && (isUniqueViolation(error) || (error instanceof HttpError && error.statusCode === 409))) {
      const first = await findOrderByIdempotencyKey(app.db, customer.id, idempotencyKey);
      if (first) return { order: toOrderJson(first), created: false };
    }
    throw error;
  }

  await app.catalogCache.invalidate('stock', placed.changed);
  return { order: toOrderJson(placed.order), created: true };
}

/**
 * Pay on collection (decision 045) only with a pickup point whose keeper takes the money: a door delivery,
 * a bus-station parcel or a pickup point that does not take it is a 400 that says to choose another way.
 */
function refuseCollectionPayment(delivery: ChosenDelivery): void {
  if (delivery.payOnCollection) return;
  const name = delivery.snapshot.name;
  if (delivery.snapshot.kind !== 'pickup')
    throw BadRequest(
      `Pay on collection is only for a pickup point, not ${name}. Please choose another way to pay or a pickup point.`,
    );
  throw BadRequest(`${name} does not take payment on collection. Please choose another way to pay.`);
}

/** The order's code, judged on the prices just locked; a refusal is a 409 naming the code (decision 041). */
async function applyCode(
  tx: Parameters<typeof applyDiscountCode>[0],
  customerId: string,
  code: string,
  locked: PricedLine[],
): Promise<AppliedDiscount> {
  try {
    return await applyDiscountCode(
      tx,
      customerId,
      code,
      locked.map((l) => ({ productId: l.productId, unitPriceNgwee: l.product.priceNgwee, quantity: l.quantity })),
    );
  } catch (error) {
    if (error instanceof CodeRefused) throw Conflict(error.message, { discountCode: code });
    throw error;
  }
}
