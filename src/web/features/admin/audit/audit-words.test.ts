import { describe, expect, it } from 'vitest';
import { formatKwacha } from '../../../lib/format';
import { actionLabel, auditChanges, fieldLabel, formatAuditValue } from './audit-words';

describe("the audit trail in a member's words", () => {
  it('reads money in kwacha, yes/no, stock lines and nothing as people say them', () => {
    expect(formatAuditValue('priceNgwee', 13_550)).toBe(formatKwacha(135.5));
    expect(formatAuditValue('countInStock', 0)).toBe('0');
    expect(formatAuditValue('isAdmin', true)).toBe('Yes');
    expect(formatAuditValue('note', null)).toBe('(empty)');
    expect(formatAuditValue('size', '')).toBe('(empty)');
    expect(formatAuditValue('images', [])).toBe('(none)');
    expect(
      formatAuditValue('stockReturned', [
        { productId: 'p', name: 'Shea Butter', quantity: 2 },
        { productId: 'q', name: '', quantity: 1 },
      ]),
    ).toBe('Shea Butter × 2, a deleted product × 1');
  });

  it('names fields and actions, and shows one it does not know by its own name', () => {
    expect(fieldLabel('priceNgwee')).toBe('Price');
    expect(fieldLabel('paymentReference')).toBe('Payment reference');
    expect(actionLabel('product.updated')).toBe('Product edited');
    expect(actionLabel('stock.counted')).toBe('stock.counted');
  });

  it('pairs before and after by field, marking the ones kept only to name the subject', () => {
    expect(
      auditChanges({ name: 'Baobab Oil', priceNgwee: 12_000 }, { name: 'Baobab Oil', priceNgwee: 13_500 }),
    ).toEqual([
      { key: 'name', label: 'Name', before: 'Baobab Oil', after: 'Baobab Oil', same: true },
      { key: 'priceNgwee', label: 'Price', before: formatKwacha(120), after: formatKwacha(135), same: false },
    ]);
    expect(auditChanges(null, { countInStock: 12 })).toEqual([
      { key: 'countInStock', label: 'Stock', before: null, after: '12', same: false },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});
