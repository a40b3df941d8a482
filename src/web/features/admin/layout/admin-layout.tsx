import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from '../../../lib/router';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { Spinner } from '../../../components/ui/spinner';
import { AdminSidebar } from './admin-sidebar';
import { AdminTopBar } from './admin-top-bar';
import { useAdminSessionEnd } from './use-admin-session-end';
import { useAdminSidebar } from './use-admin-sidebar';

/**
 * The back office frame: the top bar stays put and only <main> scrolls, so the sidebar toggle and
 * Logout are always within reach on a phone.
 */
export function AdminLayout() {
  useAdminSessionEnd();
  const { pathname } = useLocation();
  const { open, narrow, toggle, close } = useAdminSidebar();
  const overlaid = open && narrow;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const mainRef = useRef<HTMLElement>(null);

  // A new screen starts at its top (the window itself never scrolls here, so the router cannot do it).
  useEffect(() => {
    mainRef.current?.scrollTo({ top: 0 });
  }, [pathname]);

  // On a phone the open sidebar takes the keyboard: focus goes into it, Escape closes it and returns
  // focus to the toggle.
  useEffect(() => {
    if (!overlaid) return;
    navRef.current?.querySelector<HTMLElement>('a[aria-current="page"], a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggleRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlaid, close]);

  return (
    <div className="flex h-dvh flex-col bg-sand-50 text-bark-900 print:block print:h-auto print:bg-white">
      <a
        href="#admin-main"
        className="sr-only z-[60] rounded-full bg-honey-400 px-4 py-2 font-semibold text-bark-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AdminTopBar sidebarOpen={open} onToggleSidebar={toggle} toggleRef={toggleRef} />
      <div className="flex min-h-0 flex-1 print:block">
        <AdminSidebar open={open} narrow={narrow} navRef={navRef} />
        {overlaid && (
          <div
            data-testid="admin-sidebar-overlay"
            aria-hidden="true"
            className="fixed inset-x-0 top-16 bottom-0 z-30 bg-bark-900/50"
            onClick={close}
          />
        )}
        <main
          id="admin-main"
          ref={mainRef}
          tabIndex={-1}
          inert={overlaid}
          className="min-w-0 flex-1 overflow-y-auto outline-none print:overflow-visible"
        >
          <ErrorBoundary resetKey={pathname}>
            {/* A boundary per page: Preact's Suspense, left while a screen's chunk is on the way, blanks the next
                screen (docs/web-app.md, "A boundary per page"). */}
            <Suspense key={pathname} fallback={<Spinner label="Loading page" className="min-h-[50vh]" />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
