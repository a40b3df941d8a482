import { describe, expect, it } from 'vitest';
import type { Product } from '../shared/schemas/products';
import type { ShopSettings } from '../shared/schemas/settings';
import { renderer } from './entry-server';

const settings: ShopSettings = {
  shopName: 'Test Co-op Shop',
  email: 'hello@coop.example',
  phone: '+260 97 000 0000',
  address: 'Choma, Southern Province',
  airtelMoneyNumber: '',
  mtnMoneyNumber: '',
  paymentAccountName: '',
  facebookUrl: '',
  instagramUrl: '',
  linkedinUrl: '',
  lowStockThreshold: 5,
  whatsappNumber: '+260971234567',
  orderSmsNumber: '',
  makersPercent: 70,
};

const product: Product = {
  _id: 'p-1',
  name: 'Mungongo <Oil> 50 ml',
  price: 130,
  category: 'oil',
  description: 'Cold-pressed from nuts gathered on the forest floor.',
  countInStock: 4,
  sku: 'OIL-50',
  isFeatured: true,
  brand: 'Forest Gold',
  rating: 4.5,
  numReviews: 2,
  ingredients: 'Mungongo oil',
  benefits: 'Softens dry skin',
  size: '50 ml',
  howToUse: 'A few drops.',
  images: ['/uploads/0123456789abcdef0123456789abcdef.webp'],
  mainImage: '/uploads/0123456789abcdef0123456789abcdef.webp',
  image: '/uploads/0123456789abcdef0123456789abcdef.webp',
  lowStockThreshold: null,
  reviews: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const { reviews: _reviews, ...summary } = product;

async function draw(url: string, data: Record<string, unknown>): Promise<string> {
  const errors: unknown[] = [];
  const html = await renderer.render(url, data, (error) => errors.push(error));
  expect(errors).toEqual([]);
  expect(html).not.toBeNull();
  return html ?? '';
}

describe('what a page is drawn from', () => {
  it('asks for the featured list, the listing of the address, or the product', () => {
    expect(renderer.dataNeeds('https://shop.example/')).toEqual([{ key: 'featured', path: '/api/products/featured' }]);
    expect(renderer.dataNeeds('/products?category=oil&page=2&maxPrice=100&junk=1')).toEqual([
      {
        key: 'products:/products?category=oil&page=2&limit=12&maxPrice=100',
        path: '/api/products?category=oil&page=2&limit=12&maxPrice=100',
      },
    ]);
    // Whatever is in the address becomes a sensible listing, as on the client.
    expect(renderer.dataNeeds('/products?page=abc&category=nope')).toEqual([
      { key: 'products:/products?page=1&limit=12', path: '/api/products?page=1&limit=12' },
    ]);
    expect(renderer.dataNeeds('/products/a%20b%2Fc')).toEqual([
      { key: 'product:a b/c', path: '/api/products/a%20b%2Fc' },
    ]);
    expect(renderer.dataNeeds('/products/%E0%A4%A')).toEqual([
      { key: 'product:%E0%A4%A', path: '/api/products/%25E0%25A4%25A' },
    ]);
    expect(renderer.dataNeeds('/about')).toEqual([]);
  });
});

describe('a drawn page', () => {
  it('is the product page itself: name, price, picture, description, escaped, with no loading state or script', async () => {
    const html = await draw('https://shop.example/products/p-1', { settings, 'product:p-1': product });
    expect(html).toContain('<h1 class="text-3xl font-bold sm:text-4xl">Mungongo &lt;Oil> 50 ml</h1>');
    expect(html).toMatch(/K\s?130\.00/);
    expect(html).toContain('Cold-pressed from nuts gathered on the forest floor.');
    expect(html).toMatch(/<img[^>]+alt="Mungongo &lt;Oil> 50 ml"/);
    expect(html).toContain('Test Co-op Shop');
    expect(html).not.toContain('Loading');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<!--$?-->');
    // The WhatsApp message names the product by the shop's address, not the server's.
    expect(html).toContain(encodeURIComponent('https://shop.example/products/p-1'));
  });

  it('is the listing of its address, with the shopper signed out and the cart empty', async () => {
    const list = { products: [summary], page: 2, pages: 3, totalProducts: 25 };
    const html = await draw('https://shop.example/products?category=oil&page=2', {
      settings,
      'products:/products?category=oil&page=2&limit=12': list,
    });
    expect(html).toContain('25 products');
    expect(html).toContain('Mungongo &lt;Oil> 50 ml');
    expect(html).toContain('aria-label="Cart"');
    expect(html).toContain('href="/login"');
  });

  it('shows the not-found screens when the server found nothing', async () => {
    expect(await draw('https://shop.example/products/gone', { settings, 'product:gone': null })).toContain(
      'Product Not Found',
    );
    // Without an answer (the API failed), the browser asks again: the page waits for it.
    expect(await draw('https://shop.example/products/gone', { settings })).toContain('Loading product');
    expect(await draw('https://shop.example/no-such-page', { settings })).toMatch(/not found/i);
  });
});

describe('the parts every page draws alike (header, footer), kept between pages', () => {
  const current = (html: string) => /<a aria-current="page" href="([^"]*)"/.exec(html)?.[1];

  it('are written the same as when drawn, without their marks', async () => {
    const first = await draw('https://shop.example/products/p-1', { settings, 'product:p-1': product });
    const again = await draw('https://shop.example/products/p-1', { settings, 'product:p-1': product });
    expect(again).toBe(first);
    expect(first).not.toContain('server-fragment');
    expect(first).toContain('<footer');
  });

  it('show a change of the shop settings at once', async () => {
    await draw('https://shop.example/products/p-1', { settings, 'product:p-1': product });
    const renamed = { ...settings, shopName: 'Renamed Co-op', address: 'Livingstone, Southern Province' };
    const html = await draw('https://shop.example/products/p-1', { settings: renamed, 'product:p-1': product });
    expect(html).toContain('Renamed Co-op');
    expect(html).toContain('Livingstone, Southern Province');
    expect(html).not.toContain('Test Co-op Shop');
    expect(html).not.toContain('Choma, Southern Province');
  });

  it('mark the section of each page in the header', async () => {
    await draw('https://shop.example/products/p-1', { settings, 'product:p-1': product });
    expect(current(await draw('https://shop.example/products/p-1', { settings, 'product:p-1': product }))).toBe(
      '/products',
    );
    expect(current(await draw('https://shop.example/about', { settings }))).toBe('/about');
    expect(current(await draw('https://shop.example/contact', { settings }))).toBe('/contact');
    expect(current(await draw('https://shop.example/', { settings, featured: [] }))).toBe('/');
    expect(current(await draw('https://shop.example/no-such-page', { settings }))).toBeUndefined();
  });
});
