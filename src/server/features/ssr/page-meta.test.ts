import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/schemas/products';
import type { ShopSettings } from '../../../shared/schemas/settings';
import { pageMeta } from './page-meta';

const settings = { shopName: 'Test Co-op Shop' } as ShopSettings;
const photo = '/uploads/0123456789abcdef0123456789abcdef.webp';
const litrePhoto = '/uploads/fedcba9876543210fedcba9876543210.webp';

const size = (id: string, label: string, price: number, countInStock: number, image = '', isDefault = false) => ({
  _id: id,
  options: [label],
  label,
  sku: `OIL-${id}`,
  size: label,
  price,
  countInStock,
  image,
  isDefault,
});

const oil = {
  _id: 'p-2',
  name: 'Mungongo Oil',
  price: 85,
  description: 'Cold-pressed.',
  countInStock: 4,
  sku: 'OIL-v100',
  category: 'oil',
  brand: '',
  rating: 0,
  numReviews: 0,
  images: [photo],
  mainImage: photo,
  options: ['Size'],
  priceFrom: 85,
  variants: [
    size('v100', '100 ml', 85, 0, '', true),
    size('v250', '250 ml', 150, 3),
    size('v1l', '1 litre', 400, 1, litrePhoto),
  ],
} as unknown as Product;

function metaAt(search: string) {
  return pageMeta({
    page: { kind: 'product', id: 'p-2' },
    query: new URLSearchParams(search),
    settings,
    publicUrl: 'https://shop.example',
    product: oil,
  });
}
const tag = (meta: ReturnType<typeof metaAt>, property: string) =>
  meta.extraMeta.find((m) => m.property === property)?.content;

describe("a product page's tags in sizes (docs/decisions/067-sizes-and-sets.md)", () => {
  it('give the price, stock and photo of the size the address names, under the product’s one canonical address', () => {
    const meta = metaAt('variant=v1l');
    expect(tag(meta, 'product:price:amount')).toBe('400.00');
    expect(tag(meta, 'product:availability')).toBe('in stock');
    expect(meta.preloadImage).toBe(litrePhoto);
    expect(meta.image).toContain('fedcba9876543210fedcba9876543210');
    expect(meta.canonical).toBe('https://shop.example/products/p-2');
    expect(meta.jsonLd[0]).toMatchObject({ sku: 'OIL-v1l', offers: { price: '400.00' } });
  });

  it('give the size the page opens on without one: the default sold out, the first that can be bought', () => {
    const meta = metaAt('');
    expect(tag(meta, 'product:price:amount')).toBe('150.00');
    expect(tag(meta, 'product:availability')).toBe('in stock');
    expect(meta.preloadImage).toBe(photo);
    expect(tag(metaAt('variant=v100'), 'product:availability')).toBe('out of stock');
  });
});
