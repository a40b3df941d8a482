/**
 * The one home of the shop's money rules, used by the server when it prices an order
 * and by the web app when it shows a cart or checkout summary.
 *
 * Amounts are integer ngwee (1 kwacha = 100 ngwee) so that sums never drift; the API
 * speaks kwacha with two decimals because that is what people read.
 */
export const TAX_RATE_PERCENT = 16;
export const SHIPPING_FEE_NGWEE = 7_500;
/** Shipping is free only when the subtotal is strictly above this (so exactly K500.00 pays). */
export const FREE_SHIPPING_ABOVE_NGWEE = 50_000;

export function toNgwee(kwacha: number): number {
  // Round half away from zero on the third decimal so 0.1 + 0.2 style inputs land on the ngwee.
  return Math.round((kwacha + Number.EPSILON * Math.sign(kwacha)) * 100);
}

export function toKwacha(ngwee: number): number {
  return ngwee / 100;
}

/** 16% of the subtotal, rounded half up to the ngwee, in integer arithmetic. */
export function taxOn(subtotalNgwee: number): number {
  return Math.floor((subtotalNgwee * TAX_RATE_PERCENT + 50) / 100);
}

/** A delivery fee rule: the spec's one rule by default, or a delivery option's (src/shared/delivery). */
export interface DeliveryRule {
  feeNgwee: number;
  /** Delivery is free only when the (discounted) subtotal is strictly above this; null: never free. */
  freeAboveNgwee: number | null;
}

/** SPEC §9: free above K500, else K75, everywhere. */
export const SPEC_DELIVERY_RULE: DeliveryRule = {
  feeNgwee: SHIPPING_FEE_NGWEE,
  freeAboveNgwee: FREE_SHIPPING_ABOVE_NGWEE,
};

/** The fee for a cart of this subtotal; an empty cart pays none. */
export function shippingFor(subtotalNgwee: number, rule: DeliveryRule = SPEC_DELIVERY_RULE): number {
  if (subtotalNgwee <= 0) return 0;
  return feeUnderRule(subtotalNgwee, rule);
}

function feeUnderRule(subtotalNgwee: number, rule: DeliveryRule): number {
  return rule.freeAboveNgwee !== null && subtotalNgwee > rule.freeAboveNgwee ? 0 : rule.feeNgwee;
}

export interface PricedLine {
  unitPriceNgwee: number;
  quantity: number;
}

/** What a discount code takes off, already worked out for the order's lines (src/shared/discounts). */
export interface DiscountEffect {
  /** Taken off the items subtotal before VAT; never more than the subtotal. */
  amountNgwee: number;
  /** A free-delivery code: the delivery fee is 0 whatever the rule says. */
  freeDelivery: boolean;
}

export interface TotalsOptions {
  /** The chosen delivery option's rule; the spec's rule when absent. */
  delivery?: DeliveryRule;
  discount?: DiscountEffect;
}

export interface OrderTotals {
  /** The lines' sum, before any discount. */
  itemsNgwee: number;
  discountNgwee: number;
  /** 16% of the discounted subtotal (items - discount). */
  taxNgwee: number;
  shippingNgwee: number;
  /** items - discount + tax + shipping */
  totalNgwee: number;
}

/**
 * The order's figures, in this order: the discount comes off the items first; VAT is 16% of what is
 * left; delivery is judged on what is left too (free above its threshold), or free with a free-delivery
 * code. Decision 033.
 */
export function computeTotals(lines: readonly PricedLine[], options: TotalsOptions = {}): OrderTotals {
  const itemsNgwee = lines.reduce((sum, line) => sum + line.unitPriceNgwee * line.quantity, 0);
  const discountNgwee = Math.min(Math.max(0, options.discount?.amountNgwee ?? 0), itemsNgwee);
  const subtotalNgwee = itemsNgwee - discountNgwee;
  const taxNgwee = taxOn(subtotalNgwee);
  // An order whose discount covers every item still travels: the fee is judged on the lines, not on zero.
  const shippingNgwee =
    options.discount?.freeDelivery || itemsNgwee <= 0
      ? 0
      : feeUnderRule(subtotalNgwee, options.delivery ?? SPEC_DELIVERY_RULE);
  return {
    itemsNgwee,
    discountNgwee,
    taxNgwee,
    shippingNgwee,
    totalNgwee: subtotalNgwee + taxNgwee + shippingNgwee,
  };
}

/** price x quantity of one cart or order line, in whole ngwee like the order's subtotal. */
export function lineTotalInKwacha(price: number, quantity: number): number {
  return toKwacha(toNgwee(price) * quantity);
}

/** The same totals for lines priced in kwacha (the cart in the browser), answered in kwacha. */
export function computeTotalsInKwacha(
  lines: readonly { price: number; quantity: number }[],
  options: TotalsOptions = {},
) {
  const totals = computeTotals(
    lines.map((l) => ({ unitPriceNgwee: toNgwee(l.price), quantity: l.quantity })),
    options,
  );
  return {
    itemsPrice: toKwacha(totals.itemsNgwee),
    discountPrice: toKwacha(totals.discountNgwee),
    taxPrice: toKwacha(totals.taxNgwee),
    shippingPrice: toKwacha(totals.shippingNgwee),
    totalPrice: toKwacha(totals.totalNgwee),
  };
}

/** Kwacha for a spreadsheet: two decimals, a dot, no currency sign or grouping ('1234.50'), from whole ngwee. */
export function plainKwacha(ngwee: number): string {
  const whole = Math.abs(Math.trunc(ngwee));
  return `${ngwee < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

// Made on first use, not when the module loads: a browser's first Intl formatter loads its locale data,
// a long task on a slow phone that a page without prices should not pay while it starts.
let kwachaFormat: Intl.NumberFormat | undefined;

export function formatKwacha(kwacha: number): string {
  kwachaFormat ??= new Intl.NumberFormat('en-ZM', { style: 'currency', currency: 'ZMW' });
  return kwachaFormat.format(kwacha);
}

/** 'K1,234.50': the shop's kwacha without its no-break space, for texts and chat links (SMS, WhatsApp). */
export function compactKwacha(kwacha: number): string {
  return formatKwacha(kwacha).replace(/\s+/g, '');
}
