import { describe, expect, it } from 'vitest';
import { APP_PAGES, matchAppPage, type AppPageName } from '../../shared/app-pages';
import { matchRoutes, rankRoutes, type RouteObject } from '../lib/router/match';

// The server answers a path with 200 or 404 by the shared list's matcher; the app shows a page or its
// not-found screen by its router's. Both must pick the same page for every address.

/** The app's routes as routes.tsx makes them from the list: the storefront in the layout, then admin/*. */
function appRoutes(): RouteObject[] {
  const named = (name: string, path: string): RouteObject =>
    path ? { path, element: name, children: [] } : { index: true, element: name, children: [] };
  const storefront = Object.entries(APP_PAGES)
    .filter(([name]) => name !== 'admin')
    .map(([name, page]) => named(name, page.path));
  return [
    { children: [...storefront, { path: '*', element: 'not-found', children: [] }] },
    { path: APP_PAGES.admin.path, element: 'admin', children: [] },
  ];
}

function routerPage(pathname: string): string {
  const matches = matchRoutes(rankRoutes(appRoutes()), pathname);
  return String(matches?.at(-1)?.route.element);
}

const SAMPLES = [
  '/',
  '',
  '/products',
  '/products/',
  '/products/abc-123',
  '/products/a%20b',
  '/products/a/b',
  '/Products/X',
  '/about',
  '/contact',
  '/login',
  '/register',
  '/cart',
  '/checkout',
  '/checkout/success',
  '/checkout/other',
  '/account',
  '/account/',
  '/ACCOUNT/Orders',
  '/account/orders',
  '/account/orders/0b6e0c1a-2f6b-4b8e-9a50-2d1a3c4b5e6f',
  '/account/orders/x/y',
  '/account//orders',
  '/o/abc.def',
  '/pickup/0b6e0c1a-2f6b-4b8e-9a50-2d1a3c4b5e6f',
  '/o',
  '/admin',
  '/admin/',
  '/admin/orders/to-ship',
  '/admin/anything/else',
  '/administrator',
  '/no/such/page',
  '/%E0%A4%A',
];

describe('the app pages list', () => {
  it('has a sample address for every page', () => {
    const sampled = new Set(SAMPLES.map((path) => matchAppPage(path)?.name));
    expect([...sampled].filter(Boolean).sort()).toEqual(Object.keys(APP_PAGES).sort());
  });

  it.each(SAMPLES)('picks the page the router shows for %s', (path) => {
    const page: AppPageName | 'not-found' = matchAppPage(path)?.name ?? 'not-found';
    expect(page).toBe(routerPage(path));
  });

  it('reads params as the router does', () => {
    expect(matchAppPage('/account/orders/abc%2Fdef')).toEqual({ name: 'order', params: { id: 'abc/def' } });
    expect(matchAppPage('/admin/orders/to-ship')).toEqual({ name: 'admin', params: { '*': 'orders/to-ship' } });
  });
});
