import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { CartItem } from '../cart';
import { isSessionError } from '../auth';
import { applyConflict, conflictOf, unpaidRefusalOf } from './api';

const oil: CartItem = { id: 'oil', name: 'Mungongo Oil', price: 85, image: '', quantity: 3 };
const soap: CartItem = { id: 'soap', name: 'Baobab Soap', price: 40, image: '', quantity: 1 };

describe('applyConflict', () => {
  it('puts the new prices in the cart and names what changed', () => {
    const outcome = applyConflict([oil, soap], {
      message: 'Prices changed',
      orderItems: [
        { product: 'oil', name: 'Mungongo Oil', price: 92.5, quantity: 3 },
        { product: 'soap', name: 'Baobab Soap', price: 40, quantity: 1 },
      ],
    });
    expect(outcome.items.map((i) => [i.id, i.price, i.quantity])).toEqual([
      ['oil', 92.5, 3],
      ['soap', 40, 1],
    ]);
    expect(outcome.changes).toHaveLength(1);
    expect(outcome.changes[0]).toMatch(/^Mungongo Oil: price changed from .*85\.00 to .*92\.50$/);
  });

  it('caps the quantity to what is left in stock', () => {
    const outcome = applyConflict([oil, soap], {
      message: 'Not enough stock',
      product: 'oil',
      name: 'Mungongo Oil',
      countInStock: 2,
    });
    expect(outcome.items.find((i) => i.id === 'oil')?.quantity).toBe(2);
    expect(outcome.changes).toEqual(['Mungongo Oil: only 2 left, your quantity is now 2']);
  });

  it('removes a product that is sold out or gone', () => {
    const soldOut = applyConflict([oil, soap], { message: 'x', product: 'oil', name: 'Mungongo Oil', countInStock: 0 });
    expect(soldOut.items.map((i) => i.id)).toEqual(['soap']);
    const gone = applyConflict([oil, soap], { message: 'x', product: 'soap', name: null });
    expect(gone.items.map((i) => i.id)).toEqual(['oil']);
    expect(gone.changes).toEqual(['Baobab Soap is no longer available and was removed from your cart']);
  });
});

describe('applyConflict with sizes (docs/decisions/067-sizes-and-sets.md)', () => {
  const small: CartItem = {
    id: 'oil',
    variant: 'v100',
    name: 'Mungongo Oil (100 ml)',
    price: 85,
    image: '',
    quantity: 2,
  };
  const large: CartItem = {
    id: 'oil',
    variant: 'v1l',
    name: 'Mungongo Oil (1 litre)',
    price: 400,
    image: '',
    quantity: 3,
  };

  it('caps or removes only the size that is short', () => {
    const capped = applyConflict([small, large, soap], {
      message: 'Not enough stock for Mungongo Oil (1 litre): only 1 left',
      product: 'oil',
      variant: 'v1l',
      name: 'Mungongo Oil (1 litre)',
      countInStock: 1,
    });
    expect(capped.items.map((i) => [i.variant ?? i.id, i.quantity])).toEqual([
      ['v100', 2],
      ['v1l', 1],
      ['soap', 1],
    ]);
    expect(capped.changes).toEqual(['Mungongo Oil (1 litre): only 1 left, your quantity is now 1']);

    const soldOut = applyConflict([small, large], { message: 'x', product: 'oil', variant: 'v100', countInStock: 0 });
    expect(soldOut.items.map((i) => i.variant)).toEqual(['v1l']);
  });

  it('puts each size at its own new price', () => {
    const outcome = applyConflict([small, large], {
      message: 'Prices changed',
      orderItems: [
        { product: 'oil', variant: 'v100', name: 'Mungongo Oil (100 ml)', price: 90, quantity: 2 },
        { product: 'oil', variant: 'v1l', name: 'Mungongo Oil (1 litre)', price: 400, quantity: 3 },
      ],
    });
    expect(outcome.items.map((i) => [i.variant, i.price])).toEqual([
      ['v100', 90],
      ['v1l', 400],
    ]);
    expect(outcome.changes).toHaveLength(1);
  });

  it('reads a line kept from before sizes as the default size the server sold it as', () => {
    const kept: CartItem = { id: 'oil', name: 'Mungongo Oil', price: 85, image: '', quantity: 4 };
    const priced = applyConflict([kept], {
      message: 'Prices changed',
      orderItems: [{ product: 'oil', variant: 'v250', name: 'Mungongo Oil (250 ml)', price: 150, quantity: 4 }],
    });
    expect(priced.items).toEqual([{ ...kept, name: 'Mungongo Oil (250 ml)', price: 150 }]);
    const short = applyConflict([kept, large], {
      message: 'x',
      product: 'oil',
      variant: 'v250',
      name: 'Mungongo Oil (250 ml)',
      countInStock: 2,
    });
    expect(short.items.map((i) => [i.variant, i.quantity])).toEqual([
      [undefined, 2],
      ['v1l', 3],
    ]);
  });

  it('removes a size that has gone, named by the line it was sent as', () => {
    const gone = applyConflict([small, large], { message: 'x', product: 'oil', name: 'Mungongo Oil (1 litre)' });
    expect(gone.items.map((i) => i.variant)).toEqual(['v100']);
    expect(gone.changes).toEqual(['Mungongo Oil (1 litre) is no longer available and was removed from your cart']);
  });
});

describe('errors of the order call', () => {
  it('reads a 409 answer and nothing else as a conflict', () => {
    const data = { message: 'Prices changed', itemsPrice: 10 };
    expect(conflictOf(new ApiError('Prices changed', 409, 'http', data))).toMatchObject({ itemsPrice: 10 });
    expect(conflictOf(new ApiError('Bad', 400, 'http', data))).toBeNull();
    expect(conflictOf(new Error('x'))).toBeNull();
  });

  it('tells a refusal for unpaid orders from a cart conflict: the cart stays, the sentence is shown', () => {
    const message = 'You already have 5 orders waiting for payment. Please pay for one of them first.';
    const unpaidLimit = { holder: 'account', orders: 5, items: 5, maxOrders: 5, maxItems: 20 };
    const refused = new ApiError(message, 409, 'http', { message, unpaidLimit });
    expect(unpaidRefusalOf(refused)).toBe(message);
    expect(conflictOf(refused)).toBeNull();
    const stock = new ApiError('Not enough stock', 409, 'http', { message: 'Not enough stock', countInStock: 1 });
    expect(unpaidRefusalOf(stock)).toBeNull();
    expect(unpaidRefusalOf(new ApiError(message, 429, 'http', { message, unpaidLimit }))).toBeNull();
  });

  it('recognises the session messages of SPEC §8', () => {
    expect(isSessionError(new ApiError('Authentication failed. Please log in again.', 401, 'http'))).toBe(true);
    expect(isSessionError(new ApiError('Not authorized, token failed', 401, 'http'))).toBe(true);
    expect(isSessionError(new ApiError('Not enough stock', 409, 'http'))).toBe(false);
  });
});
