import { describe, expect, it } from 'vitest';
import {
  balanceSaleLines,
  creditNoteLines,
  creditableNgwee,
  fiscalTotals,
  saleLines,
  shareInProportion,
  type FiscalLine,
  type FiscalOrder,
} from './fiscal-invoice';
import { computeTotals } from './money';

/** A small seeded generator, so a failing order can be found again. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

function randomOrder(r: ReturnType<typeof random>): FiscalOrder {
  const lines = Array.from({ length: r.int(1, 6) }, (_, i) => ({
    productId: `p${i}`,
    name: `Product ${i}`,
    // From 1 ngwee to K2,000, with whole-kwacha and odd prices both common.
    unitPriceNgwee: r.next() < 0.3 ? r.int(1, 2_000) * 100 : r.int(1, 200_000),
    quantity: r.int(1, 12),
  }));
  const items = lines.reduce((sum, l) => sum + l.unitPriceNgwee * l.quantity, 0);
  const discountKind = r.int(0, 3);
  const discount =
    discountKind === 0
      ? undefined
      : discountKind === 1
        ? { amountNgwee: Math.floor((items * r.int(1, 100) + 50) / 100), freeDelivery: false }
        : discountKind === 2
          ? { amountNgwee: r.int(1, items + 5_000), freeDelivery: false }
          : { amountNgwee: 0, freeDelivery: true };
  const delivery = { feeNgwee: r.int(0, 3) * 2_500, freeAboveNgwee: r.next() < 0.5 ? null : r.int(0, 100_000) };
  const totals = computeTotals(lines, { discount, delivery });
  return {
    lines,
    itemsNgwee: totals.itemsNgwee,
    discountNgwee: totals.discountNgwee,
    taxNgwee: totals.taxNgwee,
    shippingNgwee: totals.shippingNgwee,
    totalNgwee: totals.totalNgwee,
    deliveryName: r.next() < 0.5 ? 'Lusaka door to door' : null,
  };
}

/**
 * What the VSDC checks of every line (decision 060), with the shop's bound on VAT rounding (decision 062).
 * Plain checks, not one expect per field: the random run checks some 100,000 lines.
 */
function linesHold(lines: readonly FiscalLine[], vatBoundNgwee: number): void {
  for (const line of lines) {
    const rate = line.category === 'A' ? 16 : 0;
    const broken =
      line.supplyNgwee !== line.unitPriceNgwee * line.quantity ||
      line.supplyNgwee - line.discountNgwee !== line.totalNgwee ||
      line.discountNgwee < 0 ||
      line.taxableNgwee + line.vatNgwee !== line.totalNgwee ||
      line.taxableNgwee < 0 ||
      line.vatNgwee < 0 ||
      Math.abs(line.vatNgwee - (line.totalNgwee * rate) / (100 + rate)) >= vatBoundNgwee;
    if (broken) throw new Error(`A line does not hold: ${JSON.stringify(line)}`);
  }
}

function same(actual: number, expected: number, what: string): void {
  if (actual !== expected) throw new Error(`${what}: ${actual}, expected ${expected}`);
}

describe('shareInProportion', () => {
  it('gives every ngwee once, each part its quota rounded down or up, ties to the earlier line', () => {
    expect(shareInProportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(shareInProportion(0, [5, 0, 2])).toEqual([0, 0, 0]);
    expect(shareInProportion(7, [0, 7])).toEqual([0, 7]);
    expect(shareInProportion(3, [2_000_000_000, 2_000_000_000, 1])).toEqual([2, 1, 0]);
    expect(() => shareInProportion(1, [0, 0])).toThrow();
  });
});

describe('an order as a Smart Invoice sale, and its refunds as credit notes', () => {
  it('a K100 soap and K75 delivery: K116 VAT-inclusive at 16% in A, delivery apart in D', () => {
    const lines = saleLines(
      {
        lines: [{ productId: 'soap', name: 'Soap', unitPriceNgwee: 5_000, quantity: 2 }],
        itemsNgwee: 10_000,
        discountNgwee: 0,
        taxNgwee: 1_600,
        shippingNgwee: 7_500,
        totalNgwee: 19_100,
        deliveryName: null,
      },
      'D',
    );
    expect(lines).toEqual([
      {
        productId: 'soap',
        delivery: false,
        name: 'Soap',
        quantity: 2,
        category: 'A',
        unitPriceNgwee: 5_800,
        supplyNgwee: 11_600,
        discountNgwee: 0,
        taxableNgwee: 10_000,
        vatNgwee: 1_600,
        totalNgwee: 11_600,
      },
      {
        productId: null,
        delivery: true,
        name: 'Delivery',
        quantity: 1,
        category: 'D',
        unitPriceNgwee: 7_500,
        supplyNgwee: 7_500,
        discountNgwee: 0,
        taxableNgwee: 7_500,
        vatNgwee: 0,
        totalNgwee: 7_500,
      },
    ]);
  });

  it('over 3,000 random orders (discounts, delivery, free delivery) and their random partial refunds, the sale is the order and the credit notes the refunds, to the ngwee', () => {
    const r = random(39);
    let fullyRefunded = 0;
    for (let n = 0; n < 3_000; n++) {
      const order = randomOrder(r);
      const sale = saleLines(order, r.next() < 0.5 ? 'D' : 'E');
      const at = `order ${n} ${JSON.stringify(order)}`;
      linesHold(sale, 1);
      const totals = fiscalTotals(sale);
      same(totals.totalNgwee, order.totalNgwee, `${at}: total`);
      same(totals.vatNgwee, order.taxNgwee, `${at}: VAT`);
      same(totals.vatByCategoryNgwee.A, order.taxNgwee, `${at}: VAT in A`);
      same(totals.taxableNgwee.A, order.itemsNgwee - order.discountNgwee, `${at}: taxable in A`);
      same(totals.taxableNgwee.D + totals.taxableNgwee.E, order.shippingNgwee, `${at}: delivery`);

      const notes: FiscalLine[][] = [];
      let refunded = 0;
      while (refunded < order.totalNgwee) {
        const left = order.totalNgwee - refunded;
        same(creditableNgwee(sale, notes), left, `${at}: creditable`);
        // A few partial refunds, some of a ngwee, then (often) the rest.
        const amount = r.next() < 0.3 ? left : r.next() < 0.1 ? 1 : r.int(1, left);
        const note = creditNoteLines(sale, notes, amount);
        linesHold(note, 2);
        same(fiscalTotals(note).totalNgwee, amount, `${at}: credit note of ${amount}`);
        notes.push(note);
        refunded += amount;
        if (notes.length > 6 && r.next() < 0.5) break;
      }
      if (refunded === order.totalNgwee) {
        // Refunded in full: every line credited whole, the order's VAT given back exactly.
        const all = notes.flat();
        same(fiscalTotals(all).vatNgwee, order.taxNgwee, `${at}: VAT given back`);
        sale.forEach((line, i) => {
          const credited = all.filter((c) => c.saleLine === i);
          same(
            credited.reduce((sum, c) => sum + c.totalNgwee, 0),
            line.totalNgwee,
            `${at}: line ${i} credited`,
          );
          same(
            credited.reduce((sum, c) => sum + c.vatNgwee, 0),
            line.vatNgwee,
            `${at}: line ${i} VAT credited`,
          );
        });
        expect(() => creditNoteLines(sale, notes, 1)).toThrow();
        fullyRefunded += 1;
      }
    }
    // The run did reach both ends: orders refunded in full and orders left part refunded.
    expect(fullyRefunded).toBeGreaterThan(1_000);
    expect(fullyRefunded).toBeLessThan(3_000);
  });

  it('a refund of the whole order at once repeats the sale line for line', () => {
    const r = random(7);
    const order = randomOrder(r);
    const sale = saleLines(order, 'D');
    const note = creditNoteLines(sale, [], order.totalNgwee);
    expect(note).toEqual(
      sale.filter((line) => line.totalNgwee > 0).map((line) => ({ ...line, saleLine: sale.indexOf(line) })),
    );
  });
});

describe('the sale of a balance an order edit left (decision 070)', () => {
  it('is the balance to the ngwee, shared over the lines as they are now, each line within its own total and VAT', () => {
    const r = random(70);
    for (let i = 0; i < 300; i++) {
      const order = randomOrder(r);
      if (order.totalNgwee < 2) continue;
      const balance = r.int(1, order.totalNgwee);
      const sale = saleLines(order, 'D');
      const lines = balanceSaleLines(order, 'D', balance);
      expect(fiscalTotals(lines).totalNgwee).toBe(balance);
      for (const line of lines) {
        expect(line).not.toHaveProperty('saleLine');
        const of = sale.find((s) => s.name === line.name && s.delivery === line.delivery)!;
        expect(line.totalNgwee).toBeLessThanOrEqual(of.totalNgwee);
        expect(line.vatNgwee).toBeLessThanOrEqual(of.vatNgwee);
        expect(line.taxableNgwee + line.vatNgwee).toBe(line.totalNgwee);
      }
    }
  });
});
