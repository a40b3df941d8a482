import { startTransition, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { RouterContext, type Location, type NavigateOptions } from './context';
import { parsePath } from './path';

/** What this router keeps in `history.state` (React Router's shape: `usr` is the caller's state). */
interface HistoryEntry {
  usr?: unknown;
  key?: string;
}

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as HistoryEntry | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/**
 * The router of the browser: the address bar is the state. Links and navigate() push or replace a
 * history entry; back and forward (and a jump to a #fragment) arrive as popstate. The new screen renders
 * in a transition, as React Router's does; under Preact (docs/web-app.md: Why Preact) that is at once, and the
 * layout's Suspense shows its loading state while a lazy page's chunk arrives. Reads
 * `window` when it first renders: on the server, render <StaticRouter> instead.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);

  useLayoutEffect(() => {
    const follow = () => startTransition(() => setLocation(currentLocation()));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  const go = useCallback((href: string, { replace, state }: NavigateOptions = {}) => {
    const entry: HistoryEntry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10) };
    try {
      window.history[replace ? 'replaceState' : 'pushState'](entry, '', href);
    } catch {
      // A state the browser cannot store, or too many entries too fast (Safari): load the page instead.
      window.location[replace ? 'replace' : 'assign'](href);
      return;
    }
    startTransition(() => setLocation(currentLocation()));
  }, []);

  const router = useMemo(() => ({ location, go }), [location, go]);
  return <RouterContext value={router}>{children}</RouterContext>;
}

function refuseToNavigate(): never {
  throw new Error('<StaticRouter> cannot navigate: navigation happens in the browser, after hydration.');
}

/**
 * The router of a server render: one fixed address, e.g. the request's URL ('/products?page=2'). It
 * touches no browser global, and renders the markup <BrowserRouter> renders at the same address.
 */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const router = useMemo(() => {
    const { pathname, search, hash } = parsePath(location);
    // As in the browser's `location`, a bare '?' or '#' reads as none.
    const rest = { search: search.length > 1 ? search : '', hash: hash.length > 1 ? hash : '' };
    return { location: { pathname: pathname || '/', ...rest, state: null, key: 'default' }, go: refuseToNavigate };
  }, [location]);
  return <RouterContext value={router}>{children}</RouterContext>;
}
