import { createContext, useContext, type ReactNode } from 'react';
import type { RouteMatch } from './match';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` or <Link state> carried; null otherwise. */
  state: unknown;
  /** New on every navigation; 'default' for the first page and on the server. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface RouterState {
  location: Location;
  /** Goes to an href already resolved against the routes. */
  go: (href: string, options?: NavigateOptions) => void;
}

export const RouterContext = createContext<RouterState | null>(null);

/** Where a route element sits: the routes matched down to it, and what its <Outlet/> shows. */
export const RouteContext = createContext<{ matches: RouteMatch[]; outlet: ReactNode }>({ matches: [], outlet: null });

export function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links work only inside <BrowserRouter> or <StaticRouter>.');
  return router;
}
