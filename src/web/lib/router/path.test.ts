import { describe, expect, it } from 'vitest';
import { createPath, parsePath, resolveTo } from './path';

describe('parsePath and createPath', () => {
  it('split an address as the browser does and put it back together', () => {
    expect(parsePath('/products?page=2#grid')).toEqual({ pathname: '/products', search: '?page=2', hash: '#grid' });
    expect(parsePath('?q=maize')).toEqual({ pathname: '', search: '?q=maize', hash: '' });
    expect(parsePath('/a#b?c')).toEqual({ pathname: '/a', search: '', hash: '#b?c' });
    expect(createPath(parsePath('/products?page=2#grid'))).toBe('/products?page=2#grid');
  });

  it('drop a bare ? or #', () => {
    expect(createPath(parsePath('/products?'))).toBe('/products');
    expect(createPath(parsePath('/products#'))).toBe('/products');
  });
});

describe('resolveTo', () => {
  // The routes matched for /admin/orders/99 through `admin/*`, a pathless layout and `orders/:id`.
  const routes = ['/admin', '/admin/orders/99'];

  it('keeps an absolute path as written', () => {
    expect(resolveTo('/cart', routes, '/admin/orders/99')).toBe('/cart');
    expect(resolveTo('/login?redirect=account%2Forders#top', routes, '/x')).toBe(
      '/login?redirect=account%2Forders#top',
    );
  });

  it('keeps the current pathname for a query or a fragment alone', () => {
    expect(resolveTo('?page=3', routes, '/admin/orders/99')).toBe('/admin/orders/99?page=3');
    expect(resolveTo('#items', [], '/products/7')).toBe('/products/7#items');
    expect(resolveTo('?', [], '/products')).toBe('/products');
  });

  it('starts a relative path from the innermost route, and steps up one route per leading ..', () => {
    expect(resolveTo('edit', routes, '/admin/orders/99')).toBe('/admin/orders/99/edit');
    expect(resolveTo('..', routes, '/admin/orders/99')).toBe('/admin');
    expect(resolveTo('../products', routes, '/admin/orders/99')).toBe('/admin/products');
    expect(resolveTo('../../home', routes, '/admin/orders/99')).toBe('/home');
  });

  it('reads . and a later .. as path segments', () => {
    expect(resolveTo('./x/../y?z=1', routes, '/admin/orders/99')).toBe('/admin/orders/99/y?z=1');
    expect(resolveTo('../../../../..', routes, '/admin/orders/99')).toBe('/');
    expect(resolveTo('a/../../..', ['/'], '/')).toBe('/');
  });
});
