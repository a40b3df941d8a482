import { computeTotals, toKwacha, toNgwee } from '../../../../shared/money';
import type { DiscountInput } from '../../../../shared/schemas/discounts';
import { discountEffect, eligibleLine } from '../../../../shared/discounts';
import type { TestApp } from '../../../test/test-app';
import { address } from '../../orders/test/fixtures';

let sequence = 0;
export const uniqueCode = (base = 'CODE') => `${base}${++sequence}${Date.now().toString(36).toUpperCase()}`;

export async function makeCode(t: TestApp, admin: { authorization: string }, input: Partial<DiscountInput>) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers: admin,
    payload: { code: uniqueCode(), kind: 'percent', value: 10, ...input },
  });
  if (answer.statusCode !== 201) throw new Error(`code not made: ${answer.body}`);
  return answer.json() as { _id: string; code: string };
}

interface Line {
  product: { id: string; priceNgwee: number; category: string };
  quantity: number;
}

/**
 * The body the web app sends for a cart with a code, its figures worked out as the checkout does: the
 * shared rule on the lines (the check answers which products the code covers), then computeTotals.
 */
export function orderBodyWithCode(
  lines: Line[],
  code: string,
  terms: { kind: 'percent' | 'fixed' | 'freeDelivery'; value: number; minSubtotal?: number },
  limits = { productIds: [] as string[], categories: [] as string[] },
) {
  const priced = lines.map((l) => ({
    unitPriceNgwee: l.product.priceNgwee,
    quantity: l.quantity,
    eligible: eligibleLine(limits, { productId: l.product.id, category: l.product.category }),
  }));
  const outcome = discountEffect(
    {
      kind: terms.kind,
      value: terms.kind === 'fixed' ? toNgwee(terms.value) : terms.value,
      minSubtotalNgwee: toNgwee(terms.minSubtotal ?? 0),
    },
    priced,
  );
  const totals = computeTotals(priced, { discount: outcome.ok ? outcome.effect : undefined });
  return {
    orderItems: lines.map((l) => ({
      product: l.product.id,
      quantity: l.quantity,
      price: toKwacha(l.product.priceNgwee),
    })),
    shippingAddress: address,
    paymentMethod: 'airtel',
    discountCode: code,
    discountAmount: toKwacha(totals.discountNgwee),
    taxAmount: toKwacha(totals.taxNgwee),
    shippingAmount: toKwacha(totals.shippingNgwee),
    totalAmount: toKwacha(totals.totalNgwee),
  };
}
