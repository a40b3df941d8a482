import { describe, expect, it } from 'vitest';
import { destinationAfterLogin, withRedirect } from './redirect';
import { repairSession } from './session';

describe('repairSession (SPEC §4: a stored user without a token is discarded)', () => {
  it('drops anything without a usable token', () => {
    for (const stored of [null, 'text', [], {}, { token: '' }, { token: '   ' }, { token: 42, name: 'x' }]) {
      expect(repairSession(stored)).toBeNull();
    }
  });

  it('fills missing fields and only trusts isAdmin === true', () => {
    expect(repairSession({ token: 't', firstName: 'Chipo', lastName: 'Mwansa', isAdmin: 'yes' })).toMatchObject({
      token: 't',
      name: 'Chipo Mwansa',
      email: '',
      isAdmin: false,
    });
    expect(repairSession({ token: 't', email: 'mary@example.com' })?.name).toBe('mary');
    expect(repairSession({ token: 't', name: 'Admin', isAdmin: true })?.isAdmin).toBe(true);
  });
});

describe('where login leads', () => {
  const user = (isAdmin: boolean) => repairSession({ token: 't', name: 'n', isAdmin })!;

  it('sends admins to the back office and customers home', () => {
    expect(destinationAfterLogin(user(true), new URLSearchParams())).toBe('/admin');
    expect(destinationAfterLogin(user(false), new URLSearchParams())).toBe('/');
  });

  it('honours redirect=checkout only, never an arbitrary address', () => {
    expect(destinationAfterLogin(user(false), new URLSearchParams('redirect=checkout'))).toBe('/checkout');
    expect(destinationAfterLogin(user(false), new URLSearchParams('redirect=https://evil.example'))).toBe('/');
    expect(withRedirect('/register', new URLSearchParams('redirect=checkout'))).toBe('/register?redirect=checkout');
    expect(withRedirect('/register', new URLSearchParams('redirect=//evil'))).toBe('/register');
  });

  it('returns to an account page after login, but only to one of ours', () => {
    expect(destinationAfterLogin(user(false), new URLSearchParams('redirect=account'))).toBe('/account');
    expect(destinationAfterLogin(user(false), new URLSearchParams('redirect=account%2Forders%2Fab12-cd'))).toBe(
      '/account/orders/ab12-cd',
    );
    expect(destinationAfterLogin(user(false), new URLSearchParams('redirect=account%2F..%2F..%2Fevil'))).toBe('/');
    expect(destinationAfterLogin(user(false), new URLSearchParams('redirect=account/orders//evil.example'))).toBe('/');
    expect(withRedirect('/register', new URLSearchParams('redirect=account%2Forders'))).toBe(
      '/register?redirect=account%2Forders',
    );
  });
});
