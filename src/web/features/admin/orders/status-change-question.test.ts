import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../shared/schemas/orders';
import { statusChangeQuestion } from './status-change-question';

const orderOf = (user: Order['user'], phoneNumber: string, status = 'Pending') =>
  ({
    status,
    user,
    shippingAddress: { address: '12 Forest Road', city: 'Choma', province: 'Southern', zipCode: '20100', phoneNumber },
  }) as Order;
const withEmail = { _id: 'u1', name: 'Chipo', email: 'chipo@example.com' };
const byPhone = { _id: 'u2', name: 'Mutinta', email: '' };

describe('asking before a status change', () => {
  it('asks before Shipped, Delivered and Cancelled, saying how the customer hears of it', () => {
    expect(statusChangeQuestion(orderOf(withEmail, '0966123456'), 'Shipped')).toEqual({
      title: 'Mark as Shipped?',
      description: 'The customer gets an e-mail and a text.',
      confirmLabel: 'Mark as Shipped',
      keepLabel: 'Cancel',
    });
    expect(statusChangeQuestion(orderOf(withEmail, '0211 234 567'), 'Delivered')?.description).toBe(
      'The customer gets an e-mail.',
    );
    expect(statusChangeQuestion(orderOf(byPhone, '0211 234 567'), 'Delivered')?.description).toBe(
      'The customer gets a text.',
    );
    expect(statusChangeQuestion(orderOf(withEmail, '0966123456'), 'Cancelled')).toEqual({
      title: 'Cancel this order?',
      description: 'Stock goes back and the customer is told by e-mail and text.',
      confirmLabel: 'Cancel order',
      keepLabel: 'Keep order',
    });
    expect(statusChangeQuestion(orderOf(null, '0211 234 567'), 'Cancelled')?.description).toBe(
      'Stock goes back. The order has no e-mail or mobile number, so the customer is not told.',
    );
  });

  it('does not ask for a change nobody hears of, or for no change', () => {
    expect(statusChangeQuestion(orderOf(withEmail, '0966123456'), 'Processing')).toBeNull();
    expect(statusChangeQuestion(orderOf(withEmail, '0966123456', 'Cancelled'), 'Pending')).toBeNull();
    expect(statusChangeQuestion(orderOf(withEmail, '0966123456', 'Shipped'), 'Shipped')).toBeNull();
  });
});
