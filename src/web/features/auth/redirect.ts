import type { SessionUser } from './session';

/** The account pages a login may return to (`redirect=account/orders/<id>`...). */
const ACCOUNT_PATH = /^account(\/orders(\/[\w-]{1,64})?)?$/;

/** Only known places: a free-form ?redirect= would let a link send shoppers to another site after login. */
function redirectTarget(search: URLSearchParams): string | null {
  const wanted = search.get('redirect') ?? '';
  if (wanted === 'checkout') return '/checkout';
  if (wanted === 'cart') return '/cart';
  return ACCOUNT_PATH.test(wanted) ? `/${wanted}` : null;
}

/** SPEC §4: admins go to the back office, others home; arriving from checkout (or an account page) goes back there. */
export function destinationAfterLogin(user: SessionUser, search: URLSearchParams): string {
  return redirectTarget(search) ?? (user.isAdmin ? '/admin' : '/');
}

/** `path` with the page's redirect (checkout, an account page) carried over, and any `extra` query. */
export function withRedirect(path: string, search: URLSearchParams, extra: Record<string, string> = {}): string {
  const target = redirectTarget(search);
  const parts = Object.entries(extra).map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  if (target) parts.push(`redirect=${encodeURIComponent(target.slice(1))}`);
  return parts.length > 0 ? `${path}?${parts.join('&')}` : path;
}
