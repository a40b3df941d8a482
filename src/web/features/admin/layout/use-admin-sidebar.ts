import { useCallback, useState, useSyncExternalStore } from 'react';
import { useLocation } from '../../../lib/router';

/** SPEC §4 and §9: below 768 px the sidebar starts closed and lies over the page. */
const NARROW_SCREEN = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrowNow = () => window.matchMedia(NARROW_SCREEN).matches;

/**
 * Open on wide screens, closed on narrow ones; crossing the breakpoint (a phone turned sideways, a
 * window resized) applies that rule again. On a narrow screen any navigation closes it.
 */
export function useAdminSidebar() {
  const narrow = useSyncExternalStore(subscribe, isNarrowNow);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => !narrow);
  const [seen, setSeen] = useState({ narrow, pathname });

  // Adjusted during render (not in an effect) so a closed sidebar never flashes open for a frame.
  if (seen.narrow !== narrow || seen.pathname !== pathname) {
    setSeen({ narrow, pathname });
    if (seen.narrow !== narrow) setOpen(!narrow);
    else if (narrow) setOpen(false);
  }

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, narrow, toggle, close };
}
