import { describe, expect, it } from 'vitest';
import { initialVariant } from '../../../../shared/variants';
import type { Variant } from '../api';
import { chooseValue, optionValues, variantWith } from './variant-choice';

const variant = (id: string, options: string[], countInStock: number, isDefault = false): Variant => ({
  _id: id,
  options,
  label: options.join(' / '),
  sku: `SKU-${id}`,
  size: null,
  price: 100,
  countInStock,
  image: '',
  isDefault,
});

describe('the size a product page opens on', () => {
  const sizes = [variant('a', ['100 ml'], 0, true), variant('b', ['250 ml'], 4), variant('c', ['1 litre'], 2)];

  it('is the one its address names, even out of stock, in any case of the id', () => {
    expect(initialVariant(sizes, 'c')?._id).toBe('c');
    expect(initialVariant(sizes, 'A')?._id).toBe('a');
  });

  it('else the default when it can be bought, else the first that can, else the default', () => {
    expect(initialVariant(sizes, null)?._id).toBe('b');
    expect(initialVariant(sizes, 'no-such-variant')?._id).toBe('b');
    const defaultInStock = [variant('a', ['100 ml'], 3), variant('b', ['250 ml'], 4, true)];
    expect(initialVariant(defaultInStock, null)?._id).toBe('b');
    const allSoldOut = [variant('a', ['100 ml'], 0), variant('b', ['250 ml'], 0, true)];
    expect(initialVariant(allSoldOut, undefined)?._id).toBe('b');
    expect(initialVariant([], 'a')).toBeUndefined();
  });
});

describe('choosing among two options', () => {
  // Large is not made in Lemongrass.
  const variants = [
    variant('sr', ['Small', 'Rose'], 2, true),
    variant('sl', ['Small', 'Lemongrass'], 0),
    variant('lr', ['Large', 'Rose'], 5),
  ];
  const [smallRose, smallLemon, largeRose] = variants;

  it('lists each option’s values once, in order', () => {
    expect(optionValues(variants, 0)).toEqual(['Small', 'Large']);
    expect(optionValues(variants, 1)).toEqual(['Rose', 'Lemongrass']);
  });

  it('keeps the other values when that variant exists', () => {
    expect(chooseValue(variants, smallRose, 1, 'Lemongrass')).toBe(smallLemon);
    expect(chooseValue(variants, smallRose, 0, 'Large')).toBe(largeRose);
    expect(variantWith(variants, largeRose, 1, 'Lemongrass')).toBeUndefined();
  });

  it('else takes the first variant of that value that can be bought', () => {
    expect(chooseValue(variants, largeRose, 1, 'Lemongrass')).toBe(smallLemon);
    expect(chooseValue(variants, smallLemon, 0, 'Large')).toBe(largeRose);
  });
});
