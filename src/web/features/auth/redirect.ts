import type { SessionUser } from './session';

/** Only known places: a free-form ?redirect= would let a link send shoppers to another site after login. */
export function redirectTarget(search: URLSearchParams): '/checkout' | null {
  return search.get('redirect') === 'checkout' ? '/checkout' : null;
}

/** SPEC §4: admins go to the back office, others home; arriving from checkout goes back there. */
export function destinationAfterLogin(user: SessionUser, search: URLSearchParams): string {
  return redirectTarget(search) ?? (user.isAdmin ? '/admin' : '/');
}

export function withRedirect(path: string, search: URLSearchParams): string {
  return redirectTarget(search) ? `${path}?redirect=checkout` : path;
}
