import { describe, expect, it } from 'vitest';
import { REQUIRED_FIELDS_MESSAGE } from '../../../../shared/schemas/products';
import {
  EMPTY_PRODUCT_FORM,
  firstTabWithError,
  productFieldsResolver,
  toProductInput,
  type ProductFormValues,
} from './product-form';

const resolve = (values: ProductFormValues) =>
  productFieldsResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
const filled: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: 'Marula Balm',
  price: '123.45',
  countInStock: '7',
  category: 'body-care',
};

describe('the product editor fields', () => {
  it('asks for name, price, category and stock with the one spec message', async () => {
    const { errors } = await resolve(EMPTY_PRODUCT_FORM);
    expect(Object.keys(errors).sort()).toEqual(['category', 'countInStock', 'name', 'price']);
    for (const error of Object.values(errors)) expect(error?.message).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(firstTabWithError(errors)).toBe('basic');
    expect((await resolve({ ...filled, name: '   ' })).errors.name?.message).toBe(REQUIRED_FIELDS_MESSAGE);
  });

  it('takes a filled form, whatever the images', async () => {
    const { errors, values } = await resolve(filled);
    expect(errors).toEqual({});
    expect(values).toEqual(filled);
  });

  it('words the shared rules with the form labels', async () => {
    const { errors } = await resolve({ ...filled, price: '1.234', countInStock: '2.5', ingredients: 'x'.repeat(2001) });
    expect(errors.price?.message).toBe('Price (ZMW) has at most 2 decimals');
    expect(errors.countInStock?.message).toBe('Stock must be a whole number');
    expect(errors.ingredients?.message).toBe('Ingredients is too long (at most 2000 characters)');
    expect(firstTabWithError({ ingredients: errors.ingredients })).toBe('details');
  });

  it('sends price as a decimal, stock as an integer and the main image as `image`', () => {
    const input = toProductInput(
      { ...filled, size: ' ', sku: '' },
      { images: ['/uploads/a.webp', '/uploads/b.webp'], mainImage: '/uploads/b.webp' },
    );
    expect(input).toMatchObject({
      price: 123.45,
      countInStock: 7,
      size: null,
      sku: undefined,
      mainImage: '/uploads/b.webp',
      image: '/uploads/b.webp',
    });
  });
});
