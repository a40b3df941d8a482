import { Suspense } from 'react';
import { AppReady } from './app-ready';
import { Outlet, useLocation } from '../lib/router';
import { useCart } from '../features/cart';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { Spinner } from '../components/ui/spinner';
import { FLOATING_CART_CLEARANCE, FloatingCartButton, showsFloatingCart } from './floating-cart-button';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineNotice } from './offline-notice';
import { SameOnEveryPage } from '../lib/server-fragments';

/**
 * The header of a server-drawn page depends on the shop's settings and on which of its links is the
 * current section: the same for every product's page. Other addresses draw it afresh.
 */
function headerId(pathname: string): string | undefined {
  const section = /^\/(products(?=$|\/[^/]+$)|about$|contact$|$)/.exec(pathname);
  return section ? `header /${section[1]}` : undefined;
}

export function PublicLayout() {
  const { pathname } = useLocation();
  const { totalItems } = useCart();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-forest-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SameOnEveryPage id={headerId(pathname)}>
        <Header />
      </SameOnEveryPage>
      <OfflineNotice />
      {/* At least a screen tall: while a page or its data loads, the footer stays below the fold
          instead of being pushed down in view (a layout shift shoppers feel as a jump). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        <ErrorBoundary resetKey={pathname}>
          {/* A boundary per page: Preact's Suspense, left while a screen's chunk is on the way, blanks the next
              screen (docs/web-app.md, "A boundary per page"). */}
          <Suspense key={pathname} fallback={<Spinner label="Loading page" className="min-h-[50vh]" />}>
            <Outlet />
            <AppReady />
          </Suspense>
        </ErrorBoundary>
      </main>
      {/* The footer's colour runs on under the cart bar, so its last line can scroll clear of it. */}
      <div className={showsFloatingCart(pathname, totalItems) ? `bg-forest-900 ${FLOATING_CART_CLEARANCE}` : undefined}>
        <SameOnEveryPage id="footer">
          <Footer />
        </SameOnEveryPage>
      </div>
      <FloatingCartButton />
    </div>
  );
}
