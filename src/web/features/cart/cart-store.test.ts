import { describe, expect, it } from 'vitest';
import { cartReducer, EMPTY_CART, repairCart } from './cart-store';

const oil = { id: 'oil', name: 'Mungongo Oil', price: 85, image: '/uploads/a.webp' };
const balm = { id: 'balm', name: 'Baobab Balm', price: 0.1, image: '' };

describe('cart rules (SPEC §4)', () => {
  it('adds to the same line by id, appends new ids, and keeps totals in step', () => {
    let cart = cartReducer(EMPTY_CART, { type: 'add', item: oil, quantity: 2 });
    cart = cartReducer(cart, { type: 'add', item: balm, quantity: 1 });
    cart = cartReducer(cart, { type: 'add', item: oil, quantity: 3 });
    expect(cart.items.map((i) => [i.id, i.quantity])).toEqual([
      ['oil', 5],
      ['balm', 1],
    ]);
    expect(cart.totalItems).toBe(6);
    expect(cart.totalAmount).toBe(425.1);
  });

  it('sums in ngwee so that 0.1 + 0.2 is 0.3', () => {
    const cart = cartReducer(EMPTY_CART, { type: 'add', item: { ...balm, price: 0.1 }, quantity: 3 });
    expect(cart.totalAmount).toBe(0.3);
  });

  it('never lets a quantity fall below 1, and ignores non-numbers', () => {
    const cart = cartReducer(EMPTY_CART, { type: 'add', item: oil, quantity: 2 });
    expect(cartReducer(cart, { type: 'update', id: 'oil', quantity: 0 }).items[0].quantity).toBe(1);
    expect(cartReducer(cart, { type: 'update', id: 'oil', quantity: -4 }).items[0].quantity).toBe(1);
    expect(cartReducer(cart, { type: 'update', id: 'oil', quantity: Number.NaN })).toBe(cart);
    expect(cartReducer(cart, { type: 'add', item: oil, quantity: 0 }).items[0].quantity).toBe(3);
  });

  it('removes by id and clears', () => {
    let cart = cartReducer(EMPTY_CART, { type: 'add', item: oil, quantity: 1 });
    cart = cartReducer(cart, { type: 'add', item: balm, quantity: 1 });
    expect(cartReducer(cart, { type: 'remove', id: 'oil' }).items.map((i) => i.id)).toEqual(['balm']);
    expect(cartReducer(cart, { type: 'clear' })).toEqual(EMPTY_CART);
  });
});

describe('repairCart', () => {
  it('answers an empty cart for anything unusable', () => {
    for (const stored of [null, undefined, 42, 'text', [], {}, { items: null }, { items: { 0: oil } }]) {
      expect(repairCart(stored)).toEqual(EMPTY_CART);
    }
  });

  it('keeps good lines, drops bad ones, merges duplicates and recomputes the totals', () => {
    const repaired = repairCart({
      items: [
        { ...oil, quantity: 2 },
        { ...oil, quantity: '1' },
        { id: '', name: 'No id', price: 1, quantity: 1 },
        { id: 'x', name: 'Negative', price: -5, quantity: 1 },
        { id: 'y', name: 'Infinite', price: Infinity, quantity: 1 },
        { id: 'z', name: 'No quantity', price: 1 },
        { id: 'w', price: 1, quantity: 1 },
        { ...balm, price: '2.5', quantity: 2.9, image: 7 },
      ],
      totalItems: 1000,
      totalAmount: -1,
    });
    expect(repaired).toEqual({
      items: [
        { ...oil, quantity: 3 },
        { ...balm, price: 2.5, quantity: 2, image: '' },
      ],
      totalItems: 5,
      totalAmount: 260,
    });
  });

  it('accepts a bare list of lines (an older shape)', () => {
    expect(repairCart([{ ...oil, quantity: 1 }]).totalItems).toBe(1);
  });
});
