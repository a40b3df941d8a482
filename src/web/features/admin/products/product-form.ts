import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  productInputSchema,
  REQUIRED_FIELDS_MESSAGE,
  type Product,
  type ProductInput,
} from '../../../../shared/schemas/products';

/** What the editor's inputs hold: text as typed (numbers are parsed on save), the flag as a checkbox. */
export interface ProductFormValues {
  name: string;
  price: string;
  category: string;
  countInStock: string;
  /** Empty: the shop's default level. */
  lowStockThreshold: string;
  sku: string;
  brand: string;
  isFeatured: boolean;
  description: string;
  ingredients: string;
  benefits: string;
  size: string;
  howToUse: string;
}

export type ProductField = keyof ProductFormValues;
export type EditorTab = 'basic' | 'details' | 'image' | 'makers' | 'sizes' | 'giftset';

export const FIELD_TAB: Record<ProductField, EditorTab> = {
  name: 'basic',
  price: 'basic',
  category: 'basic',
  countInStock: 'basic',
  lowStockThreshold: 'basic',
  sku: 'basic',
  brand: 'basic',
  isFeatured: 'basic',
  description: 'basic',
  ingredients: 'details',
  benefits: 'details',
  size: 'details',
  howToUse: 'details',
};

/** Labels shown in the form, also used to word the shared schema's messages ('countInStock' -> 'Stock'). */
export const FIELD_LABELS: Record<ProductField, string> = {
  name: 'Name',
  price: 'Price (ZMW)',
  category: 'Category',
  countInStock: 'Stock',
  lowStockThreshold: 'Low stock at',
  sku: 'SKU',
  brand: 'Brand',
  isFeatured: 'Featured product',
  description: 'Description',
  ingredients: 'Ingredients',
  benefits: 'Benefits',
  size: 'Size',
  howToUse: 'How to use',
};

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  price: '',
  category: '',
  countInStock: '',
  lowStockThreshold: '',
  sku: '',
  brand: '',
  isFeatured: false,
  description: '',
  ingredients: '',
  benefits: '',
  size: '',
  howToUse: '',
};

export function formFromProduct(product: Omit<Product, 'reviews'>): ProductFormValues {
  return {
    name: product.name,
    price: String(product.price),
    category: product.category,
    countInStock: String(product.countInStock),
    lowStockThreshold: product.lowStockThreshold === null ? '' : String(product.lowStockThreshold),
    sku: product.sku,
    brand: product.brand,
    isFeatured: product.isFeatured,
    description: product.description,
    ingredients: product.ingredients,
    benefits: product.benefits,
    size: product.size ?? '',
    howToUse: product.howToUse,
  };
}

export interface ProductImages {
  images: string[];
  mainImage: string;
}

/** SPEC §7 payload: price parsed as a decimal, stock as an integer, `image` = the main image. */
export function toProductInput(values: ProductFormValues, { images, mainImage }: ProductImages): ProductInput {
  const number = (text: string) => (text.trim() === '' ? '' : Number(text));
  return {
    name: values.name,
    price: number(values.price) as number,
    category: values.category as ProductInput['category'],
    countInStock: number(values.countInStock) as number,
    lowStockThreshold: values.lowStockThreshold.trim() === '' ? null : Number(values.lowStockThreshold),
    sku: values.sku.trim() || undefined,
    brand: values.brand.trim() || undefined,
    isFeatured: values.isFeatured,
    description: values.description,
    ingredients: values.ingredients,
    benefits: values.benefits,
    size: values.size.trim() || null,
    howToUse: values.howToUse,
    images,
    mainImage,
    image: mainImage,
  };
}

const IMAGE_PATHS = new Set(['images', 'mainImage', 'image']);

/** The fields shown read-only because another tab decides them (locked-fields.ts): checked as shown. */
export interface ProductFormContext {
  shown?: Partial<ProductFormValues>;
}

/**
 * Checks the fields with the API's own schema, so the editor and the server agree on every rule. The
 * images are checked apart (images/image-list.ts), so their issues here are set aside.
 */
export const productFieldsResolver: Resolver<ProductFormValues, ProductFormContext> = async (values, context) => {
  const checked = { ...values, ...context?.shown };
  const result = productInputSchema.safeParse(toProductInput(checked, { images: [], mainImage: '' }));
  const errors: FieldErrors<ProductFormValues> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || IMAGE_PATHS.has(field) || !(field in FIELD_TAB)) continue;
    const name = field as ProductField;
    if (errors[name]) continue;
    const message =
      issue.message === REQUIRED_FIELDS_MESSAGE ? issue.message : issue.message.replace(name, FIELD_LABELS[name]);
    errors[name] = { type: issue.code, message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

export function firstTabWithError(errors: FieldErrors<ProductFormValues>): EditorTab | null {
  const fields = Object.keys(FIELD_TAB) as ProductField[];
  const tabs = new Set(fields.filter((field) => errors[field]).map((field) => FIELD_TAB[field]));
  return tabs.has('basic') ? 'basic' : tabs.has('details') ? 'details' : null;
}
