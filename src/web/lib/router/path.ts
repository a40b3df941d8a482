/** An address split as the browser's `location` splits it; `pathname` is '' when the address has none. */
export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export function parsePath(address: string): Path {
  const hashAt = address.indexOf('#');
  const hash = hashAt < 0 ? '' : address.slice(hashAt);
  const rest = hashAt < 0 ? address : address.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  return searchAt < 0
    ? { pathname: rest, search: '', hash }
    : { pathname: rest.slice(0, searchAt), search: rest.slice(searchAt), hash };
}

/** The href of a path; a bare '?' or '#' is dropped, as the browser drops it from `location`. */
export function createPath({ pathname, search, hash }: Path): string {
  return pathname + (search.length > 1 ? search : '') + (hash.length > 1 ? hash : '');
}

/**
 * Resolves `to` as React Router does: an absolute path stays as written; a search or hash alone keeps
 * the current pathname; a relative path starts from the pathname of the route that renders the link,
 * and each leading '..' steps up one route (not one segment). `routePathnames` holds the pathnames of the
 * routes that matched, outermost first.
 */
export function resolveTo(to: string, routePathnames: string[], locationPathname: string): string {
  const path = parsePath(to);
  if (!path.pathname) return createPath({ ...path, pathname: locationPathname });
  if (path.pathname.startsWith('/')) return createPath(path);
  const segments = path.pathname.split('/');
  let route = routePathnames.length - 1;
  while (segments[0] === '..') {
    segments.shift();
    route--;
  }
  const resolved = (routePathnames[route] ?? '/').replace(/\/+$/, '').split('/');
  for (const segment of segments) {
    if (segment === '..') {
      if (resolved.length > 1) resolved.pop();
    } else if (segment !== '.') resolved.push(segment);
  }
  return createPath({ ...path, pathname: resolved.length > 1 ? resolved.join('/') : '/' });
}
