import { describe, expect, it } from 'vitest';
import { amountDueNgwee, editMoney, isOrderPaid } from './order-balance';

describe('what an order owes (decision 070)', () => {
  it('is paid only once marked paid and owing no balance', () => {
    expect(isOrderPaid({ isPaid: true, balanceDueNgwee: 0 })).toBe(true);
    expect(isOrderPaid({ isPaid: true, balanceDueNgwee: 1 })).toBe(false);
    expect(isOrderPaid({ isPaid: false, balanceDueNgwee: 0 })).toBe(false);
  });

  it('a payment brings the total until paid, then the balance; nothing once cancelled', () => {
    const order = { isPaid: false, status: 'Pending', totalNgwee: 10_000, balanceDueNgwee: 0 };
    expect(amountDueNgwee(order)).toBe(10_000);
    expect(amountDueNgwee({ ...order, isPaid: true, balanceDueNgwee: 2_500 })).toBe(2_500);
    expect(amountDueNgwee({ ...order, status: 'Cancelled' })).toBe(0);
  });

  it('an unpaid order simply takes its new total; a paid one owes or is refunded the difference', () => {
    expect(editMoney({ isPaid: false, totalNgwee: 10_000, balanceDueNgwee: 0 }, 15_000)).toEqual({
      differenceNgwee: 5_000,
      balanceDueNgwee: 0,
      refundNgwee: 0,
    });
    expect(editMoney({ isPaid: true, totalNgwee: 10_000, balanceDueNgwee: 0 }, 15_000)).toEqual({
      differenceNgwee: 5_000,
      balanceDueNgwee: 5_000,
      refundNgwee: 0,
    });
    expect(editMoney({ isPaid: true, totalNgwee: 10_000, balanceDueNgwee: 0 }, 7_000)).toEqual({
      differenceNgwee: -3_000,
      balanceDueNgwee: 0,
      refundNgwee: 3_000,
    });
  });

  it('a balance not yet paid is cancelled out first by a later edit that lowers the order', () => {
    const owing = { isPaid: true, totalNgwee: 15_000, balanceDueNgwee: 5_000 };
    expect(editMoney(owing, 12_000)).toEqual({ differenceNgwee: -3_000, balanceDueNgwee: 2_000, refundNgwee: 0 });
    expect(editMoney(owing, 8_000)).toEqual({ differenceNgwee: -7_000, balanceDueNgwee: 0, refundNgwee: 2_000 });
  });
});
