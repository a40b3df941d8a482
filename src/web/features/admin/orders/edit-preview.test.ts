import { describe, expect, it } from 'vitest';
import type { OrderEditPreview } from '../../../../shared/schemas/order-edits';
import { differenceWords } from './edit-preview';

const side = {
  lines: [],
  delivery: null,
  shippingAddress: {} as never,
  itemsNgwee: 0,
  discountNgwee: 0,
  taxNgwee: 0,
  shippingNgwee: 0,
  totalNgwee: 0,
};
const preview = (money: Partial<OrderEditPreview>): OrderEditPreview => ({
  before: side,
  after: side,
  differenceNgwee: 0,
  balanceDueNgwee: 0,
  refundNgwee: 0,
  discountDropped: false,
  stockProblems: [],
  ...money,
});

describe('what an edit does to the money, in the back office words', () => {
  it('says to collect a paid order balance and to refund what it paid too much', () => {
    expect(differenceWords(preview({ differenceNgwee: 2_500, balanceDueNgwee: 2_500 }), true)).toMatch(
      /^To collect: K\s25\.00$/,
    );
    expect(differenceWords(preview({ differenceNgwee: -1_050, refundNgwee: 1_050 }), true)).toMatch(
      /^To refund: K\s10\.50$/,
    );
  });

  it('an unpaid order simply pays its new total; no change says so', () => {
    expect(differenceWords(preview({ differenceNgwee: 500 }), false)).toBe(
      'The shopper pays the new total (more than before)',
    );
    expect(differenceWords(preview({}), false)).toBe('No difference in money');
  });
});
