import { describe, expect, it } from 'vitest';
import { cartReducer, EMPTY_CART, lineKey, repairCart } from './cart-store';

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
    expect(cartReducer(cart, { type: 'update', key: 'oil', quantity: 0 }).items[0].quantity).toBe(1);
    expect(cartReducer(cart, { type: 'update', key: 'oil', quantity: -4 }).items[0].quantity).toBe(1);
    expect(cartReducer(cart, { type: 'update', key: 'oil', quantity: Number.NaN })).toBe(cart);
    expect(cartReducer(cart, { type: 'add', item: oil, quantity: 0 }).items[0].quantity).toBe(3);
  });

  it('removes by id and clears', () => {
    let cart = cartReducer(EMPTY_CART, { type: 'add', item: oil, quantity: 1 });
    cart = cartReducer(cart, { type: 'add', item: balm, quantity: 1 });
    expect(cartReducer(cart, { type: 'remove', key: 'oil' }).items.map((i) => i.id)).toEqual(['balm']);
    expect(cartReducer(cart, { type: 'clear' })).toEqual(EMPTY_CART);
  });
});

describe('sizes (docs/decisions/067-sizes-and-sets.md): a line is a product and its variant', () => {
  const small = { id: 'oil', variant: 'v100', name: 'Mungongo Oil (100 ml)', price: 85, image: '' };
  const medium = { id: 'oil', variant: 'v250', name: 'Mungongo Oil (250 ml)', price: 150, image: '' };

  it('keeps two sizes of one product as two lines, and adds to the line of the same size', () => {
    let cart = cartReducer(EMPTY_CART, { type: 'add', item: small, quantity: 1 });
    cart = cartReducer(cart, { type: 'add', item: medium, quantity: 2 });
    cart = cartReducer(cart, { type: 'add', item: small, quantity: 1 });
    expect(cart.items.map((i) => [i.id, i.variant, i.name, i.quantity])).toEqual([
      ['oil', 'v100', 'Mungongo Oil (100 ml)', 2],
      ['oil', 'v250', 'Mungongo Oil (250 ml)', 2],
    ]);
    expect(cart.totalItems).toBe(4);
    expect(cart.totalAmount).toBe(470);
  });

  it('keeps a plain line of the product apart from its sizes', () => {
    let cart = cartReducer(EMPTY_CART, { type: 'add', item: oil, quantity: 1 });
    cart = cartReducer(cart, { type: 'add', item: medium, quantity: 1 });
    expect(cart.items.map(lineKey)).toEqual(['oil', 'oil:v250']);
  });

  it('changes and removes one size only', () => {
    let cart = cartReducer(EMPTY_CART, { type: 'add', item: small, quantity: 1 });
    cart = cartReducer(cart, { type: 'add', item: medium, quantity: 1 });
    const updated = cartReducer(cart, { type: 'update', key: lineKey(medium), quantity: 5 });
    expect(updated.items.map((i) => [i.variant, i.quantity])).toEqual([
      ['v100', 1],
      ['v250', 5],
    ]);
    const removed = cartReducer(updated, { type: 'remove', key: lineKey(small) });
    expect(removed.items.map((i) => i.variant)).toEqual(['v250']);
    expect(removed.totalAmount).toBe(750);
    // The product's id alone names its plain line, which there is none of here.
    expect(cartReducer(updated, { type: 'remove', key: 'oil' })).toEqual(updated);
  });

  it('stores and loads the variant; a stored line without one (from before sizes) stays a plain line', () => {
    let cart = cartReducer(EMPTY_CART, { type: 'add', item: medium, quantity: 2 });
    cart = cartReducer(cart, { type: 'add', item: small, quantity: 1 });
    expect(repairCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);

    const before = { items: [{ ...oil, quantity: 2 }], totalItems: 2, totalAmount: 170 };
    const loaded = repairCart(JSON.parse(JSON.stringify(before)));
    expect(loaded).toEqual(before);
    expect('variant' in loaded.items[0]).toBe(false);
  });

  it('merges stored duplicates by size only, and drops a line whose variant is not an id', () => {
    const repaired = repairCart({
      items: [
        { ...medium, quantity: 1 },
        { ...small, quantity: 1 },
        { ...medium, quantity: 2 },
        { ...oil, quantity: 1 },
        { ...oil, variant: 42, quantity: 1 },
        { ...oil, variant: '', quantity: 1 },
        { ...oil, variant: 'x'.repeat(65), quantity: 1 },
      ],
    });
    expect(repaired.items.map((i) => [lineKey(i), i.quantity])).toEqual([
      ['oil:v250', 3],
      ['oil:v100', 1],
      ['oil', 1],
    ]);
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
