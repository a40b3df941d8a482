import { useCallback, useContext, useMemo } from 'react';
import { RouteContext, useRouter, type Location, type NavigateOptions } from './context';
import type { Params } from './match';
import { resolveTo } from './path';

export function useLocation(): Location {
  return useRouter().location;
}

/** The params of the routes that matched, outer and inner alike (`*` holds what a splat matched). */
export function useParams(): Partial<Params> {
  const { matches } = useContext(RouteContext);
  return matches.at(-1)?.params ?? {};
}

/**
 * Turns a `to` written inside a route into an href. Like React Router, a relative `to` starts from the
 * routes that give a path (a layout without one adds nothing), the innermost one whole, splat included.
 */
function useResolver(): (to: string) => string {
  const { matches } = useContext(RouteContext);
  const { pathname } = useLocation();
  const bases = matches
    .filter((match, index) => index === 0 || match.route.path)
    .map((match, index, all) => (index === all.length - 1 ? match.pathname : match.pathnameBase));
  // A string key keeps the function the same across renders that matched the same routes.
  const key = bases.join('\n');
  return useCallback((to: string) => resolveTo(to, key ? key.split('\n') : [], pathname), [key, pathname]);
}

export function useHref(to: string): string {
  return useResolver()(to);
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

export function useNavigate(): NavigateFunction {
  const { go } = useRouter();
  const resolve = useResolver();
  return useCallback((to, options) => go(resolve(to), options), [go, resolve]);
}

export type SetSearchParams = (
  next: URLSearchParams | Record<string, string> | ((current: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

/** The query of the address; the setter navigates to the same pathname with a new query (and no hash). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const navigate = useNavigate();
  const setSearchParams = useCallback<SetSearchParams>(
    (next, options) =>
      navigate(
        `?${new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(searchParams)) : next)}`,
        options,
      ),
    [navigate, searchParams],
  );
  return [searchParams, setSearchParams];
}
