import { describe, expect, it } from 'vitest';
import { inAppDestination, isPlainClick } from './in-app-link';

const here = 'http://shop.test/admin/products?page=2';
const link = (href: string, extra: { target?: string; download?: boolean } = {}) => ({
  href,
  target: '',
  download: false,
  ...extra,
});
const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };

describe('a link click inside the app', () => {
  it('goes to another screen of the app', () => {
    expect(inAppDestination(link('http://shop.test/admin/customers'), here)).toBe('/admin/customers');
    expect(inAppDestination(link('/admin/orders?status=paid#top', { target: '_self' }), here)).toBe(
      '/admin/orders?status=paid#top',
    );
    expect(inAppDestination(link('/admin/products?page=3'), here)).toBe('/admin/products?page=3');
  });

  it('stays when only the part after # differs', () => {
    expect(inAppDestination(link('/admin/products?page=2'), here)).toBeNull();
    expect(inAppDestination(link('#admin-main'), here)).toBeNull();
  });

  it('is not one when it leaves the app or opens elsewhere', () => {
    expect(inAppDestination(link('https://example.com/admin'), here)).toBeNull();
    expect(inAppDestination(link('/admin/customers', { target: '_blank' }), here)).toBeNull();
    expect(inAppDestination(link('/uploads/a.webp', { download: true }), here)).toBeNull();
  });

  it('only for a plain left click not handled yet', () => {
    expect(isPlainClick(click)).toBe(true);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    expect(isPlainClick({ ...click, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...click, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...click, shiftKey: true })).toBe(false);
    expect(isPlainClick({ ...click, defaultPrevented: true })).toBe(false);
  });
});
