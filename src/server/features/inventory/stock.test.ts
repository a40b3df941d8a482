import { describe, expect, it } from 'vitest';
import { stockLines } from './stock';

const OIL = '0b9d7c0e-8f3a-4b8e-9a51-6f2d1c3e4a5b';
const NUTS = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('stockLines', () => {
  it('makes one line per product, whatever the spelling of its id, with the quantities added', () => {
    const lines = stockLines([
      { productId: OIL, quantity: 2, name: 'Mungongo oil' },
      { productId: ` ${OIL.toUpperCase()} `, quantity: 3, name: 'Mungongo oil' },
      { productId: NUTS, quantity: 1, name: 'Nuts' },
    ]);
    expect(lines).toEqual([
      { productId: OIL, quantity: 5, name: 'Mungongo oil' },
      { productId: NUTS, quantity: 1, name: 'Nuts' },
    ]);
  });

  it('leaves out lines whose product was deleted, and keeps the first name given', () => {
    const lines = stockLines([
      { productId: null, quantity: 4, name: 'Gone balm' },
      { productId: OIL, quantity: 1, name: '' },
      { productId: OIL, quantity: 1, name: 'Mungongo oil' },
    ]);
    expect(lines).toEqual([{ productId: OIL, quantity: 2, name: 'Mungongo oil' }]);
  });
});
