import { describe, expect, it } from 'vitest';
import {
  courierPaidBy,
  DEFAULT_RETURN_RULES,
  RETURN_REASONS,
  returnableQty,
  returnReasonLabel,
  returnRuleOf,
  returnWindowEndsAt,
} from './returns';
import { returnRulesSchema, returnWindowDaysSchema, askReturnSchema } from './schemas/returns';

describe('the return rules', () => {
  it('lists the four reasons with their labels', () => {
    expect(RETURN_REASONS.map((r) => r.label)).toEqual([
      'Damaged',
      'Wrong item',
      'Not as described',
      'Changed my mind',
    ]);
    expect(returnReasonLabel('changed-mind')).toBe('Changed my mind');
  });

  it('closes the window whole days after delivery or collection', () => {
    const handedOver = new Date('2026-11-01T10:00:00Z');
    expect(returnWindowEndsAt(handedOver, 30).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(returnWindowEndsAt(handedOver, 0).getTime()).toBe(handedOver.getTime());
  });

  it('keeps food unopened-only and everything else returnable by default', () => {
    expect(returnRuleOf(DEFAULT_RETURN_RULES, 'essentials')).toBe('unopened-only');
    expect(returnRuleOf(DEFAULT_RETURN_RULES, 'oil')).toBe('returnable');
    expect(returnRuleOf(DEFAULT_RETURN_RULES, null)).toBe('returnable');
    const never = {
      ...DEFAULT_RETURN_RULES,
      categories: { ...DEFAULT_RETURN_RULES.categories, lotion: 'never' as const },
    };
    expect(returnRuleOf(never, 'lotion')).toBe('never');
  });

  it('makes the shop pay the courier when it is at fault, else as the setting says', () => {
    expect(courierPaidBy('damaged', 'shopper-unless-at-fault')).toBe('shop');
    expect(courierPaidBy('wrong-item', 'shopper-unless-at-fault')).toBe('shop');
    expect(courierPaidBy('not-as-described', 'shopper-unless-at-fault')).toBe('shop');
    expect(courierPaidBy('changed-mind', 'shopper-unless-at-fault')).toBe('shopper');
    expect(courierPaidBy('changed-mind', 'shop')).toBe('shop');
  });

  it('counts what returns that are not refused already asked', () => {
    expect(returnableQty(3, [])).toBe(3);
    expect(
      returnableQty(3, [
        { qty: 1, state: 'requested' },
        { qty: 1, state: 'refused' },
        { qty: 1, state: 'refunded' },
      ]),
    ).toBe(1);
    expect(returnableQty(1, [{ qty: 2, state: 'accepted' }])).toBe(0);
  });
});

describe('the return schemas', () => {
  it('checks the window setting', () => {
    expect(returnWindowDaysSchema.safeParse(30).success).toBe(true);
    expect(returnWindowDaysSchema.safeParse(0).success).toBe(true);
    expect(returnWindowDaysSchema.safeParse(366).success).toBe(false);
    expect(returnWindowDaysSchema.safeParse(1.5).success).toBe(false);
  });

  it('checks the rules setting: every category named, known rules only', () => {
    expect(returnRulesSchema.safeParse(DEFAULT_RETURN_RULES).success).toBe(true);
    expect(returnRulesSchema.safeParse({ ...DEFAULT_RETURN_RULES, categories: { oil: 'returnable' } }).success).toBe(
      false,
    );
    expect(returnRulesSchema.safeParse({ ...DEFAULT_RETURN_RULES, courierPaidBy: 'nobody' }).success).toBe(false);
  });

  it('asks an exchange to say what it wants, and a refund not to', () => {
    const base = { lines: [{ orderItemId: 'a', qty: 1 }], reason: 'damaged' };
    expect(askReturnSchema.safeParse({ ...base, outcome: 'refund' }).success).toBe(true);
    const exchange = askReturnSchema.safeParse({ ...base, outcome: 'exchange' });
    expect(exchange.success).toBe(false);
    expect(exchange.error?.issues[0].message).toBe('Choose what you would like in exchange');
    expect(
      askReturnSchema.safeParse({ ...base, outcome: 'refund', exchange: [{ productId: 'p', qty: 1 }] }).success,
    ).toBe(false);
    expect(askReturnSchema.safeParse({ ...base, lines: [], outcome: 'refund' }).success).toBe(false);
    expect(askReturnSchema.safeParse({ ...base, reason: 'bored', outcome: 'refund' }).success).toBe(false);
  });
});
