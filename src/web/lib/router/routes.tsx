import { Children, isValidElement, useContext, type ReactElement, type ReactNode } from 'react';
import { RouteContext, useRouter } from './context';
import { matchRoutes, rankRoutes, type RouteObject } from './match';

export interface RouteProps {
  /** Relative to the parent route: 'products', 'products/:id', 'admin/*', '*'. */
  path?: string;
  index?: boolean;
  /** Left out, the route shows its children's <Outlet/>. */
  element?: ReactNode;
  children?: ReactNode;
}

/** A route, read by its parent <Routes>; it renders nothing itself. */
export function Route(_props: RouteProps): ReactElement | null {
  throw new Error('<Route> is used only as a child of <Routes> or of another <Route>.');
}

function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    const { path, index, element, children: nested } = child.props;
    routes.push({ path, index, element, children: routesOf(nested) });
  });
  return routes;
}

/**
 * Renders the best match of its <Route> children for the address, with each layout around its child
 * route through <Outlet/>; nothing when none matches. Inside a route ending in '*' (admin/*), it
 * matches what that '*' matched.
 */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useRouter().location;
  const parent = useContext(RouteContext);
  const above = parent.matches.at(-1);
  const from = above ? above.pathnameBase.split('/').filter(Boolean).length : 0;
  const matches = matchRoutes(rankRoutes(routesOf(children)), pathname, from, above?.params);
  if (!matches) return null;
  return matches.reduceRight<ReactNode>((outlet, match, index) => {
    const value = { matches: [...parent.matches, ...matches.slice(0, index + 1)], outlet };
    return <RouteContext value={value}>{match.route.element ?? outlet}</RouteContext>;
  }, null);
}

/** What <Routes> with these children shows at `pathname`: the matched routes' elements, outermost first. */
export function elementsAt(routes: ReactNode, pathname: string): ReactNode[] {
  return matchRoutes(rankRoutes(routesOf(routes)), pathname)?.map((match) => match.route.element) ?? [];
}

/** Where a layout route shows its matched child route. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}
