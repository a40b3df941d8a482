import { describe, expect, it } from 'vitest';
import type { Variant } from '../../../../../shared/schemas/products';
import {
  addOption,
  addVariant,
  missingCombinations,
  PLAIN,
  readSizes,
  removeOption,
  removeVariant,
  sameSizes,
  sizesFromProduct,
  startOptions,
  stockSum,
  variantWord,
  withEveryCombination,
  type SizesValues,
  type VariantRow,
} from './variant-draft';

const plain = { price: '85', countInStock: '12', sku: 'OIL-1', size: '100 ml' };

const row = (values: string[], price = '85', countInStock = '5', extra: Partial<VariantRow> = {}): VariantRow => ({
  key: values.join('/'),
  values,
  price,
  countInStock,
  sku: '',
  size: '',
  image: '',
  ...extra,
});

const twoSizes = (): SizesValues => ({
  options: ['Size'],
  variants: [row(['100 ml'], '85', '10'), row(['250 ml'], '180', '4')],
  defaultKey: '100 ml',
});

const variant = (id: string, options: string[], extra: Partial<Variant> = {}): Variant => ({
  _id: id,
  options,
  label: options.join(' / '),
  sku: `SKU-${id}`,
  size: null,
  price: 85,
  countInStock: 3,
  image: '',
  isDefault: false,
  ...extra,
});

describe('sizesFromProduct', () => {
  it('reads a plain product as no options and no variants', () => {
    expect(sizesFromProduct(undefined)).toEqual(PLAIN);
    expect(sizesFromProduct({ options: undefined, variants: undefined })).toEqual(PLAIN);
  });

  it('reads the variants as typed text, the default one chosen', () => {
    const values = sizesFromProduct({
      options: ['Size'],
      variants: [variant('a', ['100 ml']), variant('b', ['250 ml'], { isDefault: true, price: 180.5, size: '250 ml' })],
    });
    expect(values.options).toEqual(['Size']);
    expect(values.defaultKey).toBe('b');
    expect(values.variants[1]).toEqual({
      key: 'b',
      _id: 'b',
      values: ['250 ml'],
      price: '180.5',
      countInStock: '3',
      sku: 'SKU-b',
      size: '250 ml',
      image: '',
    });
  });
});

describe('sameSizes', () => {
  it('sees a changed price, a changed default and an added variant, not a new key', () => {
    const a = twoSizes();
    expect(sameSizes(a, twoSizes())).toBe(true);
    expect(sameSizes(a, { ...a, variants: [{ ...a.variants[0], price: '90' }, a.variants[1]] })).toBe(false);
    expect(sameSizes(a, { ...a, defaultKey: '250 ml' })).toBe(false);
    expect(sameSizes(a, addVariant(a))).toBe(false);
    expect(
      sameSizes(a, { ...a, variants: [{ ...a.variants[0], key: 'other' }, a.variants[1]], defaultKey: 'other' }),
    ).toBe(true);
  });
});

describe('editing the options and variants', () => {
  it('starts from the plain product: one variant with its price, stock, SKU and size', () => {
    const started = startOptions(plain);
    expect(started.options).toEqual(['Size']);
    expect(started.variants).toHaveLength(1);
    expect(started.variants[0]).toMatchObject({ values: ['100 ml'], price: '85', countInStock: '12', sku: 'OIL-1' });
    expect(started.defaultKey).toBe(started.variants[0].key);
  });

  it('gives every variant a blank value for a second option, and takes it away again', () => {
    const two = addOption(twoSizes(), 'Scent');
    expect(two.options).toEqual(['Size', 'Scent']);
    expect(two.variants.map((v) => v.values)).toEqual([
      ['100 ml', ''],
      ['250 ml', ''],
    ]);
    expect(addOption(two, 'Colour')).toBe(two);
    expect(removeOption(two, 0).variants.map((v) => v.values)).toEqual([[''], ['']]);
  });

  it("adds a variant at the default's price with no stock, and moves the default when it is removed", () => {
    const added = addVariant(twoSizes());
    expect(added.variants[2]).toMatchObject({ values: [''], price: '85', countInStock: '0', sku: '' });
    const removed = removeVariant(twoSizes(), '100 ml');
    expect(removed.variants.map((v) => v.key)).toEqual(['250 ml']);
    expect(removed.defaultKey).toBe('250 ml');
  });

  it('adds up the stock that reads as whole numbers', () => {
    const values = twoSizes();
    expect(stockSum(values)).toBe(14);
    expect(stockSum({ ...values, variants: [...values.variants, row(['1 l'], '300', 'lots')] })).toBe(14);
  });

  it('says sizes for an option named Size, variants otherwise', () => {
    expect(variantWord(['Size'], 3)).toBe('3 sizes');
    expect(variantWord(['size'], 1)).toBe('1 size');
    expect(variantWord(['Scent'], 2)).toBe('2 variants');
    expect(variantWord(['Size', 'Scent'], 4)).toBe('4 variants');
  });
});

describe('withEveryCombination', () => {
  const sizeAndScent = (): SizesValues => ({
    options: ['Size', 'Scent'],
    variants: [row(['100 ml', 'Lemongrass'], '85', '3'), row(['250 ml', 'Rose'], '180', '2', { size: '250 ml' })],
    defaultKey: '100 ml/Lemongrass',
  });

  it('adds the missing pairs, priced as the same size, with no stock', () => {
    const all = withEveryCombination(sizeAndScent());
    expect(all.variants.map((v) => v.values)).toEqual([
      ['100 ml', 'Lemongrass'],
      ['250 ml', 'Rose'],
      ['100 ml', 'Rose'],
      ['250 ml', 'Lemongrass'],
    ]);
    expect(all.variants[3]).toMatchObject({ price: '180', countInStock: '0', size: '250 ml', sku: '' });
    expect(missingCombinations(sizeAndScent())).toBe(2);
    expect(missingCombinations(all)).toBe(0);
  });

  it('reads values the same whatever their case or spaces, and skips blanks', () => {
    const values = sizeAndScent();
    values.variants.push(row(['100 ML ', 'rose']), row(['', '']));
    expect(
      withEveryCombination(values)
        .variants.map((v) => v.values)
        .slice(4),
    ).toEqual([['250 ml', 'Lemongrass']]);
  });

  it('does nothing with one option', () => {
    const values = twoSizes();
    expect(withEveryCombination(values)).toBe(values);
  });

  it('adds nothing when every combination would pass the limit of 30', () => {
    const many: SizesValues = {
      options: ['Size', 'Scent'],
      variants: Array.from({ length: 6 }, (_, i) => row([`${i + 1}00 ml`, `Scent ${i + 1}`])),
      defaultKey: null,
    };
    expect(withEveryCombination(many)).toBe(many);
    expect(missingCombinations(many)).toBe(0);
  });
});

describe('readSizes', () => {
  it('maps the grid to the body of PUT /products/{id}/variants', () => {
    const values = twoSizes();
    values.variants[0] = {
      ...values.variants[0],
      _id: 'v-1',
      sku: ' OIL-100 ',
      size: '100 ml',
      image: '/uploads/a.jpg',
    };
    values.defaultKey = '250 ml';
    expect(readSizes(values, plain)).toEqual({
      input: {
        options: ['Size'],
        variants: [
          {
            _id: 'v-1',
            options: ['100 ml'],
            sku: 'OIL-100',
            size: '100 ml',
            price: 85,
            countInStock: 10,
            image: '/uploads/a.jpg',
            isDefault: false,
          },
          { options: ['250 ml'], sku: undefined, size: null, price: 180, countInStock: 4, image: '', isDefault: true },
        ],
      },
    });
  });

  it('makes the first variant the default when none is chosen', () => {
    const read = readSizes({ ...twoSizes(), defaultKey: null }, plain);
    expect('input' in read && read.input.variants.map((v) => v.isDefault)).toEqual([true, false]);
  });

  it('makes the product plain with the figures of its Basic Info', () => {
    expect(readSizes(PLAIN, plain)).toEqual({
      input: {
        options: [],
        variants: [{ options: [], price: 85, countInStock: 12, sku: 'OIL-1', size: '100 ml' }],
      },
    });
    expect(readSizes(PLAIN, { ...plain, price: 'abc' })).toEqual({
      problem: 'The price must be an amount in kwacha, such as 85 or 85.50.',
    });
  });

  it('names the variant that is wrong, in plain words', () => {
    const problem = (change: (v: SizesValues) => void) => {
      const values = twoSizes();
      change(values);
      const read = readSizes(values, plain);
      return 'problem' in read ? read.problem : null;
    };
    expect(problem((v) => (v.variants[1].price = '12.345'))).toBe('The price of 250 ml has at most 2 decimals.');
    expect(problem((v) => (v.variants[1].price = ''))).toBe(
      'The price of 250 ml must be an amount in kwacha, such as 85 or 85.50.',
    );
    expect(problem((v) => (v.variants[0].countInStock = '2.5'))).toBe(
      'The stock of 100 ml must be a whole number from 0 to 1,000,000.',
    );
    expect(problem((v) => (v.variants[1].values = [' ']))).toBe('Variant 2 needs a Size.');
    expect(problem((v) => (v.variants[1].values = ['100 ML']))).toBe('Two variants are both 100 ML.');
    expect(problem((v) => (v.options = ['']))).toBe('Give each option a name, such as Size or Scent.');
    expect(problem((v) => (v.variants = []))).toBe('Add at least one variant, or make the product plain.');
    expect(problem((v) => (v.variants[0].sku = 'X'.repeat(41)))).toBe('sku is too long (at most 40 characters)');
    expect(problem(() => undefined)).toBeNull();
  });

  it('refuses two options of one name', () => {
    const values = addOption(twoSizes(), 'size');
    values.variants.forEach((v, i) => (v.values[1] = `x${i}`));
    expect(readSizes(values, plain)).toEqual({ problem: 'Give the two options different names.' });
  });
});
