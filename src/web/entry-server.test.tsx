import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../shared/schemas/products';
import type { ShopSettings } from '../shared/schemas/settings';
import { DEFAULT_RETURN_RULES, DEFAULT_RETURN_WINDOW_DAYS } from '../shared/returns';
import { forgetFragments, keptFragmentsSize, renderer } from './entry-server';

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
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
  returnRules: DEFAULT_RETURN_RULES,
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
  // The screens' code loaded first, as the server does at start: on a busy machine the first page drawn
  // would otherwise pass the 5 s a page has and come back as the empty shell.
  beforeAll(() => renderer.prepare(), 60_000);

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

  describe('a product in sizes (docs/decisions/067-sizes-and-sets.md)', () => {
    const size = (id: string, label: string, price: number, countInStock: number, isDefault = false) => ({
      _id: id,
      options: [label],
      label,
      sku: `OIL-${id}`,
      size: label,
      price,
      countInStock,
      image: '',
      isDefault,
    });
    const oil: Product = {
      ...product,
      _id: 'p-2',
      name: 'Mungongo Oil',
      options: ['Size'],
      priceFrom: 85,
      variants: [size('v100', '100 ml', 85, 0, true), size('v250', '250 ml', 150, 3), size('v1l', '1 litre', 400, 1)],
    };
    const pressed = (html: string) =>
      [...html.matchAll(/<button[^>]*aria-pressed="true"[^>]*>([^<]*)/g)].map((match) => match[1]);

    it('draws a button per size, the size its address names chosen, with its price and stock', async () => {
      const html = await draw('https://shop.example/products/p-2?variant=v1l', { settings, 'product:p-2': oil });
      expect(html).toMatch(/role="group" aria-labelledby="[^"]+"/);
      for (const label of ['100 ml', '250 ml', '1 litre']) expect(html).toMatch(new RegExp(`<button[^>]*>${label}`));
      expect(pressed(html)).toEqual(['1 litre']);
      expect(html).toMatch(/K\s?400\.00/);
      expect(html).toContain('In Stock');
      // The size sold out says so on its button and stays a button.
      expect(html).toMatch(/aria-pressed="false"[^>]*>100 ml<span[^>]*>Out of Stock<\/span><\/button>/);
    });

    it('opens on a size that can be bought when the default cannot, and shows a sold-out size when named', async () => {
      expect(pressed(await draw('https://shop.example/products/p-2', { settings, 'product:p-2': oil }))).toEqual([
        '250 ml',
      ]);
      const soldOut = await draw('https://shop.example/products/p-2?variant=v100', { settings, 'product:p-2': oil });
      expect(pressed(soldOut)).toEqual(['100 ml']);
      expect(soldOut).toContain('Out of Stock');
      const addToCart = /<button([^>]*)>(?:(?!<\/button>).)*Add to Cart/.exec(soldOut);
      expect(addToCart?.[1]).toContain('disabled');
    });

    it('draws a gift set with its parts, each a link to its page', async () => {
      const set: Product = {
        ...product,
        _id: 'p-3',
        name: 'Forest Gift Set',
        countInStock: 0,
        isSet: true,
        setParts: [
          {
            product: 'p-2',
            variant: 'v250',
            name: 'Mungongo Oil',
            label: '250 ml',
            quantity: 1,
            image: '',
            countInStock: 0,
          },
          { product: 'p-4', variant: null, name: 'Baobab Soap', label: null, quantity: 2, image: '', countInStock: 9 },
        ],
      };
      const html = await draw('https://shop.example/products/p-3', { settings, 'product:p-3': set });
      expect(html).toContain('In this set');
      expect(html).toMatch(
        /href="\/products\/p-2\?variant=v250"[^>]*><span><span[^>]*>1<\/span> x Mungongo Oil \(250 ml\)/,
      );
      expect(html).toMatch(/href="\/products\/p-4"[^>]*><span><span[^>]*>2<\/span> x Baobab Soap/);
      expect(html).toContain('Out of Stock');
    });
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

describe('a product and its cards, drawn once and kept (docs/decisions/072-page-fragments.md)', () => {
  const review = (n: number) => ({
    _id: `r-${n}`,
    name: `Shopper ${n}`,
    rating: (n % 5) + 1,
    comment: `Lovely <b>oil</b> & soap, number ${n}.`,
    createdAt: `2026-10-${String((n % 28) + 1).padStart(2, '0')}T08:00:00.000Z`,
  });
  const sizes = (id: string): Partial<Product> => ({
    options: ['Size'],
    priceFrom: 40,
    variants: ['100 ml', '250 ml'].map((label, i) => ({
      _id: `${id}-v${i}`,
      options: [label],
      label,
      sku: `${id}-${i}`,
      size: label,
      price: 40 + 60 * i,
      countInStock: i,
      image: '',
      isDefault: i === 0,
    })),
  });
  const products: Product[] = Array.from({ length: 30 }, (_, i) => ({
    ...product,
    _id: `q-${i}`,
    name: i % 7 === 0 ? `Baobab “Gold” Soap ${i} <b>` : `Mungongo Oil ${i}`,
    price: 20 + i,
    countInStock: i % 4 === 0 ? 0 : i,
    isFeatured: i % 3 === 0,
    rating: (i % 5) + 0.5,
    numReviews: i % 3,
    reviews: Array.from({ length: i % 3 }, (_, n) => review(n + i)),
    size: i % 2 === 0 ? null : '50 ml',
    ...(i % 5 === 1 ? sizes(`q-${i}`) : {}),
  }));
  const card = ({ reviews: _r, ...rest }: Product) => rest;
  const pages: [string, Record<string, unknown>][] = [
    ...products.map((p): [string, Record<string, unknown>] => [
      `https://shop.example/products/${p._id}`,
      { settings, [`product:${p._id}`]: p },
    ]),
    ['https://shop.example/products/q-1?variant=q-1-v1', { settings, 'product:q-1': products[1] }],
    ...[1, 2, 3].map((page): [string, Record<string, unknown>] => [
      `https://shop.example/products?page=${page}`,
      {
        settings,
        [`products:/products?page=${page}&limit=12`]: {
          products: products.slice((page - 1) * 12, page * 12).map(card),
          page,
          pages: 3,
          totalProducts: products.length,
        },
      },
    ]),
    // The same cards on another listing, in another order.
    [
      'https://shop.example/products?minPrice=30',
      {
        settings,
        'products:/products?page=1&limit=12&minPrice=30': {
          products: products.slice(10, 22).reverse().map(card),
          page: 1,
          pages: 1,
          totalProducts: 12,
        },
      },
    ],
    [
      'https://shop.example/products?category=oil&maxPrice=45',
      {
        settings,
        'products:/products?category=oil&page=1&limit=12&maxPrice=45': {
          products: products.slice(3, 9).map(card),
          page: 1,
          pages: 1,
          totalProducts: 6,
        },
      },
    ],
    ['https://shop.example/', { settings, featured: products.filter((p) => p.isFeatured).map(card) }],
  ];

  it('are written to the byte as the page drawn whole, in any order and on any page', { timeout: 60_000 }, async () => {
    const whole = new Map<string, string>();
    for (const [url, data] of pages) {
      forgetFragments();
      whole.set(url, await draw(url, data));
    }
    forgetFragments();
    for (const order of [pages, [...pages].reverse(), pages]) {
      for (const [url, data] of order) expect(await draw(url, data)).toBe(whole.get(url));
    }
    expect(keptFragmentsSize().fragments).toBeGreaterThan(products.length);
    expect(whole.get(pages[0][0])).not.toContain('server-fragment');
  });

  it('show a change of the product at once: a new price, stock or review count is drawn afresh', async () => {
    const url = 'https://shop.example/products/q-2';
    const before = await draw(url, { settings, 'product:q-2': products[2] });
    const changed = { ...products[2], price: 999, countInStock: 0, reviews: [review(99)], numReviews: 1 };
    const after = await draw(url, { settings, 'product:q-2': changed });
    expect(after).not.toBe(before);
    expect(after).toMatch(/K\s?999\.00/);
    expect(after).toContain('Out of Stock');
    expect(after).toContain('Reviews (1)');
    forgetFragments();
    expect(after).toBe(await draw(url, { settings, 'product:q-2': changed }));
  });
});
