import { useEffect, useRef } from 'react';
import { useLocation } from '../lib/router';

/**
 * SPEC §2: the page scrolls to the top on every path change. A #fragment scrolls to its section
 * instead, once the (lazy) page has drawn it. Focus moves to the main content so that keyboard and
 * screen-reader users start reading the new page rather than the old link.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (hash) {
      let tries = 0;
      let frame = 0;
      const seek = () => {
        const target = document.getElementById(decodeURIComponent(hash.slice(1)));
        if (target) target.scrollIntoView();
        else if (tries++ < 120) frame = requestAnimationFrame(seek);
      };
      seek();
      return () => cancelAnimationFrame(frame);
    }
    // Not on the first screen: a server-drawn page can be scrolled before its script runs, and the
    // shopper's place must not jump back to the top when it does.
    if (isFirst) return undefined;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
    return undefined;
  }, [pathname, hash]);

  return null;
}
