import { describe, expect, it } from 'vitest';
import { matchRoutes, rankRoutes, type RouteObject } from './match';

const route = (name: string, props: Partial<RouteObject> = {}): RouteObject => ({
  element: name,
  children: [],
  ...props,
});

/** The element names of the matched chain, and the params, for `pathname`. */
function matched(routes: RouteObject[], pathname: string, from = 0, parentParams = {}) {
  const matches = matchRoutes(rankRoutes(routes), pathname, from, parentParams);
  return matches && { names: matches.map((m) => m.route.element), params: matches.at(-1)?.params };
}

// The storefront's shape: a pathless layout around index, static, param and splat routes.
const storefront = [
  route('layout', {
    children: [
      route('home', { index: true }),
      route('splat', { path: '*' }),
      route('product', { path: 'products/:id' }),
      route('new', { path: 'products/new' }),
      route('products', { path: 'products' }),
      route('account', {
        path: 'account',
        children: [route('account-home', { index: true }), route('order', { path: 'orders/:id' })],
      }),
    ],
  }),
  route('admin', { path: 'admin/*' }),
];

describe('matchRoutes', () => {
  it('takes a static segment over a param, and a param over a splat, whatever the written order', () => {
    expect(matched(storefront, '/products/new')?.names).toEqual(['layout', 'new']);
    expect(matched(storefront, '/products/42')).toEqual({ names: ['layout', 'product'], params: { id: '42' } });
    expect(matched(storefront, '/products/42/reviews')).toEqual({
      names: ['layout', 'splat'],
      params: { '*': 'products/42/reviews' },
    });
    expect(matched(storefront, '/admin/orders')).toEqual({ names: ['admin'], params: { '*': 'orders' } });
  });

  it('keeps the written order between routes of equal rank', () => {
    const routes = [route('first', { path: ':a' }), route('second', { path: ':b' })];
    expect(matched(routes, '/x')?.names).toEqual(['first']);
  });

  it('matches an index route on its parent path only, through the layouts around it', () => {
    expect(matched(storefront, '/')?.names).toEqual(['layout', 'home']);
    expect(matched(storefront, '/account')?.names).toEqual(['layout', 'account', 'account-home']);
    expect(matched(storefront, '/account/orders/7')).toEqual({
      names: ['layout', 'account', 'order'],
      params: { id: '7' },
    });
    expect(matched(storefront, '/account/orders')?.names).toEqual(['layout', 'splat']);
  });

  it('lets a pathless layout match only through its children', () => {
    expect(matched([route('layout', { children: [route('about', { path: 'about' })] })], '/')).toBeNull();
  });

  it('gives a splat what is left, or an empty string', () => {
    expect(matched(storefront, '/admin')?.params).toEqual({ '*': '' });
    expect(matched(storefront, '/admin/')?.params).toEqual({ '*': '' });
    expect(matched(storefront, '/nowhere/at/all')?.params).toEqual({ '*': 'nowhere/at/all' });
  });

  it('decodes params and the splat, and keeps a segment that cannot be decoded as written', () => {
    expect(matched(storefront, '/products/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matched(storefront, '/products/a%2Fb')?.params).toEqual({ id: 'a/b' });
    expect(matched(storefront, '/products/%E2%82%AC')?.params).toEqual({ id: '€' });
    expect(matched(storefront, '/products/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
    expect(matched(storefront, '/x/caf%C3%A9')?.params).toEqual({ '*': 'x/café' });
  });

  it('matches static segments in any case and allows a trailing slash', () => {
    expect(matched(storefront, '/PRODUCTS/New')?.names).toEqual(['layout', 'new']);
    expect(matched(storefront, '/products/')?.names).toEqual(['layout', 'products']);
  });

  it('does not let an empty segment stand for a param', () => {
    expect(matched(storefront, '/products//42')?.names).toEqual(['layout', 'splat']);
  });

  it('reports where each route matched, without the splat in the base', () => {
    const matches = matchRoutes(rankRoutes(storefront), '/admin/orders/to-ship');
    expect(matches?.map(({ pathname, pathnameBase }) => [pathname, pathnameBase])).toEqual([
      ['/admin/orders/to-ship', '/admin'],
    ]);
    const nested = matchRoutes(rankRoutes(storefront), '/account/orders/7');
    expect(nested?.map((m) => m.pathnameBase)).toEqual(['/', '/account', '/account/orders/7']);
  });

  it('matches descendant routes after the segments the parent matched, keeping its params', () => {
    const admin = [
      route('admin-layout', {
        children: [
          route('dashboard', { index: true }),
          route('orders', { path: 'orders' }),
          route('order', { path: 'orders/:id' }),
        ],
      }),
    ];
    expect(matched(admin, '/admin', 1, { '*': '' })?.names).toEqual(['admin-layout', 'dashboard']);
    expect(matched(admin, '/admin/orders/5', 1, { '*': 'orders/5' })).toEqual({
      names: ['admin-layout', 'order'],
      params: { '*': 'orders/5', id: '5' },
    });
    expect(matched(admin, '/admin/orders', 1)?.names).toEqual(['admin-layout', 'orders']);
    const matches = matchRoutes(rankRoutes(admin), '/admin/orders/5', 1);
    expect(matches?.map((m) => m.pathname)).toEqual(['/admin', '/admin/orders/5']);
  });

  it('gives every route of the chain the same params, as React Router does', () => {
    const matches = matchRoutes(rankRoutes(storefront), '/account/orders/7');
    expect(matches?.map((m) => m.params)).toEqual([{ id: '7' }, { id: '7' }, { id: '7' }]);
  });

  it('answers null when nothing matches', () => {
    expect(matched([route('about', { path: 'about' })], '/contact')).toBeNull();
    expect(matched([route('about', { path: 'about' })], '/about/us')).toBeNull();
  });
});

describe('rankRoutes', () => {
  it('scores routes as React Router does (static 10, param 3, empty 1, index +2, splat -2), ties in written order', () => {
    const ranked = rankRoutes(storefront).map((branch) => [branch.routes.at(-1)?.element, branch.score]);
    expect(ranked).toEqual([
      ['order', 28],
      ['new', 24],
      ['product', 17],
      ['account-home', 15],
      ['products', 13],
      ['account', 13],
      ['admin', 12],
      ['home', 6],
      ['splat', 1],
    ]);
  });
});
