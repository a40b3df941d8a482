import { describe, expect, it } from 'vitest';
import type { ProductSummary, Variant } from '../../../../../shared/schemas/products';
import {
  addPart,
  chooseVariant,
  partsFromProduct,
  readSetParts,
  sameParts,
  setsAllowed,
  setsText,
  type PartRow,
} from './set-draft';

const summary = (id: string, extra: Partial<ProductSummary> = {}): ProductSummary => ({
  _id: id,
  name: `Product ${id}`,
  price: 50,
  category: 'body-care',
  description: '',
  countInStock: 20,
  sku: `SKU-${id}`,
  isFeatured: false,
  brand: '',
  rating: 0,
  numReviews: 0,
  ingredients: '',
  benefits: '',
  size: null,
  howToUse: '',
  images: [`/uploads/${id}.jpg`],
  mainImage: `/uploads/${id}.jpg`,
  image: `/uploads/${id}.jpg`,
  lowStockThreshold: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  ...extra,
});

const part = (product: string, quantity: string, countInStock: number, extra: Partial<PartRow> = {}): PartRow => ({
  product,
  variant: null,
  name: `Product ${product}`,
  options: [],
  label: null,
  quantity,
  image: '',
  countInStock,
  ...extra,
});

describe('partsFromProduct', () => {
  it('reads a set as its parts, and anything else as none', () => {
    expect(partsFromProduct(undefined)).toEqual([]);
    expect(partsFromProduct({ isSet: undefined, setParts: undefined })).toEqual([]);
    const rows = partsFromProduct({
      isSet: true,
      setParts: [
        { product: 'p1', variant: null, name: 'Shea', label: null, quantity: 2, image: '/a.jpg', countInStock: 9 },
        { product: 'p2', variant: 'v2', name: 'Oil', label: '250 ml', quantity: 1, image: '/b.jpg', countInStock: 4 },
      ],
    });
    expect(rows.map((r) => [r.product, r.variant, r.quantity, r.countInStock, r.options.length > 0])).toEqual([
      ['p1', null, '2', 9, false],
      ['p2', 'v2', '1', 4, true],
    ]);
  });
});

describe('adding and choosing parts', () => {
  it('adds a plain product once, then counts one more of it (at most 99)', () => {
    const once = addPart([], summary('a'));
    expect(once).toEqual([part('a', '1', 20, { image: '/uploads/a.jpg' })]);
    expect(addPart(once, summary('a'))[0].quantity).toBe('2');
    expect(addPart([{ ...once[0], quantity: '99' }], summary('a'))[0].quantity).toBe('99');
  });

  it('adds a product with options as a new part whose variant is then chosen', () => {
    const oil = summary('oil', { options: ['Size'], countInStock: 30 });
    const rows = addPart(addPart([], oil), oil);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ variant: null, options: ['Size'] });
    const v: Variant = {
      _id: 'v250',
      options: ['250 ml'],
      label: '250 ml',
      sku: 'OIL-250',
      size: '250 ml',
      price: 180,
      countInStock: 7,
      image: '/uploads/oil-250.jpg',
      isDefault: false,
    };
    const chosen = chooseVariant(rows, 1, v);
    expect(chosen[1]).toMatchObject({
      variant: 'v250',
      label: '250 ml',
      countInStock: 7,
      image: '/uploads/oil-250.jpg',
    });
    expect(chosen[0]).toBe(rows[0]);
  });

  it('compares the parts and their numbers', () => {
    const rows = [part('a', '2', 10), part('b', '1', 3)];
    expect(sameParts(rows, [part('a', ' 2', 99), part('b', '1', 0)])).toBe(true);
    expect(sameParts(rows, [part('a', '3', 10), part('b', '1', 3)])).toBe(false);
    expect(sameParts(rows, rows.slice(0, 1))).toBe(false);
  });
});

describe('readSetParts', () => {
  it('maps the parts to the body of PUT /products/{id}/set-parts', () => {
    expect(readSetParts([part('a', '2', 10), part('b', ' 1 ', 3, { variant: 'vb', options: ['Size'] })])).toEqual({
      input: {
        parts: [
          { product: 'a', quantity: 2 },
          { product: 'b', variant: 'vb', quantity: 1 },
        ],
      },
    });
    expect(readSetParts([])).toEqual({ input: { parts: [] } });
  });

  it('says what is wrong in plain words', () => {
    const problem = (rows: PartRow[]) => {
      const read = readSetParts(rows);
      return 'problem' in read ? read.problem : null;
    };
    expect(problem([part('a', '0', 10)])).toBe('How many of Product a must be a whole number from 1 to 99.');
    expect(problem([part('a', '100', 10)])).toBe('How many of Product a must be a whole number from 1 to 99.');
    expect(problem([part('a', '1.5', 10)])).toBe('How many of Product a must be a whole number from 1 to 99.');
    expect(problem([part('oil', '1', 10, { options: ['Size'], name: 'Oil' })])).toBe(
      'Choose which Size of Oil the set holds.',
    );
    expect(problem([part('a', '1', 10), part('a', '2', 10)])).toBe(
      'Product a is in the set twice: add to its number instead.',
    );
    expect(problem(Array.from({ length: 11 }, (_, i) => part(`p${i}`, '1', 1)))).toBe(
      'A gift set can hold at most 10 products.',
    );
  });
});

describe('setsAllowed', () => {
  it('is the fewest sets any part allows', () => {
    expect(setsAllowed([part('a', '2', 9), part('b', '1', 6)])).toBe(4);
    expect(setsAllowed([part('a', '3', 2)])).toBe(0);
  });

  it('is unknown with no parts, or while a part is unfinished', () => {
    expect(setsAllowed([])).toBeNull();
    expect(setsAllowed([part('a', '', 9)])).toBeNull();
    expect(setsAllowed([part('a', '1', 9, { options: ['Size'] })])).toBeNull();
  });

  it('reads as a sentence', () => {
    expect(setsText(4)).toBe('Can sell 4 sets now');
    expect(setsText(1)).toBe('Can sell 1 set now');
    expect(setsText(0)).toBe('Cannot sell any sets now');
  });
});
