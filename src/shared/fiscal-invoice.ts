/**
 * An order and its refunds as ZRA's Smart Invoice takes them (docs/decisions/062-smart-invoice.md): the
 * shop's prices are VAT-exclusive with 16% VAT on the discounted subtotal and delivery outside VAT
 * (money.ts, decision 033); the VSDC's lines are VAT-inclusive with each line's tax beside it (decision
 * 060). These rules turn one into the other in integer ngwee so that the invoice's totals are the order's
 * to the ngwee, and a refund's credit note is the refund's.
 */
import { TAX_RATE_PERCENT } from './money';

/** The tax categories the shop uses: A standard-rated 16%; D exempt, E disbursement (both 0%) for delivery. */
export type FiscalCategory = 'A' | 'D' | 'E';
export const DELIVERY_CATEGORIES = ['D', 'E'] as const satisfies readonly FiscalCategory[];
export type DeliveryCategory = (typeof DELIVERY_CATEGORIES)[number];

/** One line of a sale or credit note, all amounts in ngwee, VAT included as the VSDC wants them. */
export interface FiscalLine {
  /** The product sold; null for the delivery line (and for a product deleted before its order was paid). */
  productId: string | null;
  /** The delivery fee's line, outside VAT. */
  delivery: boolean;
  name: string;
  quantity: number;
  category: FiscalCategory;
  /** The VAT-inclusive unit price. */
  unitPriceNgwee: number;
  /** unit price x quantity. */
  supplyNgwee: number;
  /** supply - total: the line's share of the discount with its VAT, and the rounding to the order's VAT. */
  discountNgwee: number;
  taxableNgwee: number;
  vatNgwee: number;
  /** taxable + VAT: what the line costs the shopper. */
  totalNgwee: number;
  /** A credit note's line: the sale's line it credits. */
  saleLine?: number;
}

/** An order's stored figures and lines (the order as it was paid; never recomputed). */
export interface FiscalOrder {
  lines: readonly { productId: string | null; name: string; unitPriceNgwee: number; quantity: number }[];
  itemsNgwee: number;
  discountNgwee: number;
  taxNgwee: number;
  shippingNgwee: number;
  totalNgwee: number;
  /** The delivery option's name, for the delivery line; null: "Delivery". */
  deliveryName: string | null;
}

/**
 * Splits `total` into whole parts in proportion to `weights` (largest remainder: each part is its quota
 * rounded down or up, the ngwee left over go to the largest fractions, the earlier line on a tie). A part
 * never exceeds its weight when `total` does not exceed the weights' sum.
 */
export function shareInProportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) {
    if (total !== 0) throw new Error('Nothing to share an amount over');
    return weights.map(() => 0);
  }
  // quota_i = total * w_i / sum as a whole part and a remainder over sum; BigInt, since total * w_i of a
  // large order passes 2^53.
  const big = BigInt(sum);
  const products = weights.map((w) => BigInt(total) * BigInt(w));
  const parts = products.map((p) => Number(p / big));
  const remainders = products.map((p) => p % big);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => (remainders[b] > remainders[a] ? 1 : remainders[b] < remainders[a] ? -1 : a - b));
  for (const i of order) {
    if (left === 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

/** VAT-inclusive unit price of a VAT-exclusive one, rounded half up to the ngwee. */
const inclusive = (exclusiveNgwee: number) => Math.floor((exclusiveNgwee * (100 + TAX_RATE_PERCENT) + 50) / 100);

/** Unit price and discount for a line whose total is fixed: the unit never below the total's share, so the discount is never negative. */
function priced(listUnitNgwee: number, quantity: number, totalNgwee: number) {
  const unitPriceNgwee = Math.max(listUnitNgwee, Math.ceil(totalNgwee / quantity));
  const supplyNgwee = unitPriceNgwee * quantity;
  return { unitPriceNgwee, supplyNgwee, discountNgwee: supplyNgwee - totalNgwee };
}

/**
 * The sale's lines: the order's discount shared over its lines by their amounts, then its VAT shared over
 * what is left of each (so every line's VAT is within a ngwee of 16% of its taxable amount and the VATs add
 * up to the order's), each line priced VAT included; delivery one more line, outside VAT, in `deliveryCategory`.
 */
export function saleLines(order: FiscalOrder, deliveryCategory: DeliveryCategory): FiscalLine[] {
  const amounts = order.lines.map((line) => line.unitPriceNgwee * line.quantity);
  const discounts = shareInProportion(order.discountNgwee, amounts);
  const taxables = amounts.map((amount, i) => amount - discounts[i]);
  const vats = shareInProportion(order.taxNgwee, taxables);
  const lines: FiscalLine[] = order.lines.map((line, i) => {
    const totalNgwee = taxables[i] + vats[i];
    return {
      productId: line.productId,
      delivery: false,
      name: line.name,
      quantity: line.quantity,
      category: 'A',
      ...priced(inclusive(line.unitPriceNgwee), line.quantity, totalNgwee),
      taxableNgwee: taxables[i],
      vatNgwee: vats[i],
      totalNgwee,
    };
  });
  if (order.shippingNgwee > 0)
    lines.push({
      productId: null,
      delivery: true,
      name: order.deliveryName ? `Delivery: ${order.deliveryName}` : 'Delivery',
      quantity: 1,
      category: deliveryCategory,
      unitPriceNgwee: order.shippingNgwee,
      supplyNgwee: order.shippingNgwee,
      discountNgwee: 0,
      taxableNgwee: order.shippingNgwee,
      vatNgwee: 0,
      totalNgwee: order.shippingNgwee,
    });
  return lines;
}

/** What earlier credit notes took off each sale line. */
function creditedSoFar(sale: readonly FiscalLine[], earlier: readonly (readonly FiscalLine[])[]) {
  const credited = sale.map(() => ({ totalNgwee: 0, vatNgwee: 0 }));
  for (const note of earlier)
    for (const line of note) {
      const to = credited[line.saleLine ?? -1];
      if (!to) throw new Error('A credit note line names no line of its sale');
      to.totalNgwee += line.totalNgwee;
      to.vatNgwee += line.vatNgwee;
    }
  return credited;
}

/** What the sale's lines still hold after earlier credit notes: the most a new one may credit. */
export function creditableNgwee(sale: readonly FiscalLine[], earlier: readonly (readonly FiscalLine[])[]): number {
  const credited = creditedSoFar(sale, earlier);
  return sale.reduce((sum, line, i) => sum + line.totalNgwee - credited[i].totalNgwee, 0);
}

/**
 * A credit note of `amountNgwee` against a sale, after `earlier` credit notes: the amount shared over what
 * each sale line still holds; each line's VAT follows its own sale line's VAT as it is used up (so a line
 * credited in full, at once or in parts, gives back exactly the VAT it charged). A line credited whole at
 * once repeats the sale's line; a part of a line is one unit at the credited amount.
 */
export function creditNoteLines(
  sale: readonly FiscalLine[],
  earlier: readonly (readonly FiscalLine[])[],
  amountNgwee: number,
): FiscalLine[] {
  const credited = creditedSoFar(sale, earlier);
  const remaining = sale.map((line, i) => line.totalNgwee - credited[i].totalNgwee);
  if (amountNgwee <= 0 || amountNgwee > remaining.reduce((a, b) => a + b, 0))
    throw new Error('A credit note must be above 0 and within what the sale still holds');
  const shares = shareInProportion(amountNgwee, remaining);
  const lines: FiscalLine[] = [];
  sale.forEach((line, i) => {
    const totalNgwee = shares[i];
    if (totalNgwee === 0) return;
    const before = credited[i].totalNgwee;
    // The line's VAT used up in proportion to its total, rounded half up: all of it once all is credited.
    const vatUsed = (upTo: number) => Math.floor((2 * upTo * line.vatNgwee + line.totalNgwee) / (2 * line.totalNgwee));
    const vatNgwee = vatUsed(before + totalNgwee) - vatUsed(before);
    const whole = before === 0 && totalNgwee === line.totalNgwee;
    lines.push({
      productId: line.productId,
      delivery: line.delivery,
      name: line.name,
      category: line.category,
      ...(whole
        ? {
            quantity: line.quantity,
            unitPriceNgwee: line.unitPriceNgwee,
            supplyNgwee: line.supplyNgwee,
            discountNgwee: line.discountNgwee,
          }
        : { quantity: 1, unitPriceNgwee: totalNgwee, supplyNgwee: totalNgwee, discountNgwee: 0 }),
      taxableNgwee: totalNgwee - vatNgwee,
      vatNgwee,
      totalNgwee,
      saleLine: i,
    });
  });
  return lines;
}

export interface FiscalTotals {
  totalNgwee: number;
  vatNgwee: number;
  /** Taxable amount per category. */
  taxableNgwee: Record<FiscalCategory, number>;
  vatByCategoryNgwee: Record<FiscalCategory, number>;
}

/** The header of a sale or credit note: the sums of its lines. */
export function fiscalTotals(lines: readonly FiscalLine[]): FiscalTotals {
  const zero = () => ({ A: 0, D: 0, E: 0 });
  const totals: FiscalTotals = { totalNgwee: 0, vatNgwee: 0, taxableNgwee: zero(), vatByCategoryNgwee: zero() };
  for (const line of lines) {
    totals.totalNgwee += line.totalNgwee;
    totals.vatNgwee += line.vatNgwee;
    totals.taxableNgwee[line.category] += line.taxableNgwee;
    totals.vatByCategoryNgwee[line.category] += line.vatNgwee;
  }
  return totals;
}

/**
 * The sale of a balance an order edit left, once it is paid (docs/decisions/070-order-edits.md): the balance
 * shared over the order's lines as they are now, each line's VAT in proportion, as a credit note of that
 * amount would share it. The order's first sale stands; sale + balance sales - credit notes is what was kept.
 */
export function balanceSaleLines(
  order: FiscalOrder,
  deliveryCategory: DeliveryCategory,
  balanceNgwee: number,
): FiscalLine[] {
  return creditNoteLines(saleLines(order, deliveryCategory), [], balanceNgwee).map((line) => {
    const { saleLine: _credited, ...sold } = line;
    return sold;
  });
}
