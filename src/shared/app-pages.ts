import { orderReference } from './order-status';

/**
 * Every page of the web app, by the path its router matches (React Router's syntax, from the root).
 * The web app's <Route>s are made from this list (src/web/app/routes.tsx), and the server answers these
 * paths with the page and 200, any other with 404 (src/server/features/ssr/page-meta.ts), and the service
 * worker keeps some of them for offline (src/web/service-worker/cache-rules.ts): one list, so
 * a page added to the app is never answered "Page not found" by the server.
 *
 * `title` is the tab title a page drawn by the browser starts with (before its data), which the server
 * writes into the shell; the storefront pages the server draws have titles from their data instead.
 */
export const APP_PAGES = {
  home: { path: '', title: null },
  products: { path: 'products', title: 'Our Products' },
  product: { path: 'products/:id', title: null },
  about: { path: 'about', title: 'About Us' },
  contact: { path: 'contact', title: 'Contact Us' },
  login: { path: 'login', title: 'Login' },
  register: { path: 'register', title: 'Create an Account' },
  cart: { path: 'cart', title: 'Shopping Cart' },
  checkout: { path: 'checkout', title: 'Checkout' },
  checkoutSuccess: { path: 'checkout/success', title: 'Order received' },
  account: { path: 'account', title: 'My Account' },
  myOrders: { path: 'account/orders', title: 'My Orders' },
  order: { path: 'account/orders/:id', title: (params: AppPageParams) => `Order #${orderReference(params.id ?? '')}` },
  // The signed order link of an SMS.
  orderLink: { path: 'o/:token', title: 'Your Order' },
  // The pickup point keeper's link (decision 038): the order named, the code typed.
  pickup: { path: 'pickup/:id', title: 'Parcel collection' },
  // The back office has its own routes under this one (features/admin/admin-app.tsx); unknown ones go to /admin.
  admin: { path: 'admin/*', title: 'Admin' },
} as const satisfies Record<string, { path: string; title: string | null | ((params: AppPageParams) => string) }>;

export type AppPageName = keyof typeof APP_PAGES;
export type AppPageParams = Record<string, string>;

export interface AppPageMatch {
  name: AppPageName;
  params: AppPageParams;
}

/** The title a page starts with, before its data (null: the shop's name and tagline). */
export function appPageTitle({ name, params }: AppPageMatch): string | null {
  const { title } = APP_PAGES[name];
  return typeof title === 'function' ? title(params) : title;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPath(pattern: string, segments: string[]): AppPageParams | null {
  const parts = pattern.split('/').filter(Boolean);
  const params: AppPageParams = {};
  for (const [at, part] of parts.entries()) {
    if (part === '*') {
      params['*'] = segments.slice(at).map(decode).join('/');
      return params;
    }
    const segment = at < segments.length ? decode(segments[at]) : '';
    if (!segment) return null;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return parts.length === segments.length ? params : null;
}

/**
 * The page at `pathname`, or null for a path the app answers with its not-found screen. As the web
 * app's router matches (src/web/lib/router/match.ts; a test holds them together): static segments in any
 * case, params decoded, slashes at either end ignored; a static path wins over a param.
 */
export function matchAppPage(pathname: string): AppPageMatch | null {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  const segments = trimmed ? trimmed.split('/') : [];
  let best: { match: AppPageMatch; params: number } | null = null;
  for (const [name, page] of Object.entries(APP_PAGES) as [AppPageName, (typeof APP_PAGES)[AppPageName]][]) {
    const params = matchPath(page.path, segments);
    if (!params) continue;
    const count = Object.keys(params).length;
    if (!best || count < best.params) best = { match: { name, params }, params: count };
  }
  return best?.match ?? null;
}

/**
 * The pages that show the pay panel: only these open the content security policy to the card widget's
 * origin (src/server/plugins/security.ts); the panel reloads one of them when the app was started on
 * another page (decision 036).
 */
export const PAYING_PAGES: readonly AppPageName[] = ['checkoutSuccess', 'order'];

/**
 * The query parameter of a product page that names the size (variant) chosen (decision 067, storefront):
 * the server draws that size, so a shared link or a cart line opens on it.
 */
export const VARIANT_PARAM = 'variant';

/** A product's page, opened on one of its variants when one is named. */
export function productPagePath(productId: string, variantId?: string | null): string {
  const path = `/products/${encodeURIComponent(productId)}`;
  return variantId ? `${path}?${VARIANT_PARAM}=${encodeURIComponent(variantId)}` : path;
}
