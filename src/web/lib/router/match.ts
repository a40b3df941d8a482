import type { ReactNode } from 'react';

/** A <Route> read as data. */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children: RouteObject[];
}

export type Params = Record<string, string>;

/** One route of the matched chain, outermost first; every match of a chain shares one `params`. */
export interface RouteMatch {
  route: RouteObject;
  params: Params;
  /** The part of the address this route and its parents matched. */
  pathname: string;
  /** The same without what a trailing '*' matched: where descendant <Routes> start. */
  pathnameBase: string;
}

/** A route that can match on its own, with its parents: each level's path segments. */
interface Branch {
  routes: RouteObject[];
  patterns: string[][];
  score: number;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * React Router's ranking, so the same route wins: a static segment scores 10, a `:param` 3, an empty one
 * 1, an index route 2 more and a splat 2 less; ties go to the route written first.
 */
function scoreOf(segments: string[], index: boolean | undefined): number {
  const parts = ['', ...segments];
  if (segments.length === 0) parts.push('');
  let score = parts.length + (index ? 2 : 0);
  for (const part of parts) {
    if (part === '*') score -= 2;
    else score += part.startsWith(':') ? 3 : part ? 10 : 1;
  }
  return score;
}

function flatten(
  routes: RouteObject[],
  branches: Branch[],
  parents: RouteObject[] = [],
  parentPatterns: string[][] = [],
): Branch[] {
  for (const route of routes) {
    const chain = [...parents, route];
    const patterns = [...parentPatterns, segmentsOf(route.path ?? '')];
    flatten(route.children, branches, chain, patterns);
    // A route without a path (a layout) matches only through its children.
    if (route.path != null || route.index)
      branches.push({ routes: chain, patterns, score: scoreOf(patterns.flat(), route.index) });
  }
  return branches;
}

/** The routes in the order they are tried (sort is stable: equal scores keep their written order). */
export function rankRoutes(routes: RouteObject[]): Branch[] {
  return flatten(routes, []).sort((a, b) => b.score - a.score);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchBranch(
  { routes, patterns }: Branch,
  raw: string[],
  from: number,
  parentParams: Params,
): RouteMatch[] | null {
  const params: Params = { ...parentParams };
  const matches: RouteMatch[] = [];
  const pathOf = (end: number) => `/${raw.slice(0, end).join('/')}`;
  let at = from;
  for (const [level, route] of routes.entries()) {
    let base = at;
    for (const pattern of patterns[level]) {
      if (pattern === '*') {
        params['*'] = raw.slice(at).map(decode).join('/');
        at = raw.length;
        break;
      }
      const segment = at < raw.length ? decode(raw[at]) : '';
      if (!segment) return null;
      if (pattern.startsWith(':')) params[pattern.slice(1)] = segment;
      else if (pattern.toLowerCase() !== segment.toLowerCase()) return null;
      base = ++at;
    }
    matches.push({ route, params, pathname: pathOf(at), pathnameBase: pathOf(base) });
  }
  return at === raw.length ? matches : null;
}

/**
 * The chain of routes that matches `pathname`, outermost first, or null. `from` skips the segments that
 * the routes above (a parent's `admin/*`) already matched, whose params the matches keep unless they
 * name them again. Static segments match in any case, as in React Router; params and the splat are
 * decoded.
 */
export function matchRoutes(
  branches: Branch[],
  pathname: string,
  from = 0,
  parentParams: Params = {},
): RouteMatch[] | null {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  const raw = trimmed ? trimmed.split('/') : [];
  for (const branch of branches) {
    const matches = matchBranch(branch, raw, from, parentParams);
    if (matches) return matches;
  }
  return null;
}
