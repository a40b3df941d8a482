import { useEffect, useLayoutEffect, useRef } from 'react';

interface PageLeave {
  /** Ask the browser's own question (beforeunload) before the tab is closed or reloaded. */
  prompt: boolean;
  /** The page goes (pagehide); `persisted` when the browser keeps it in its back-forward cache. */
  onHide: (persisted: boolean) => void;
  /** The page is back from the back-forward cache. */
  onShow: () => void;
}

/** Closing or reloading the tab, and the page coming back from the back-forward cache. */
export function usePageLeave({ prompt, onHide, onShow }: PageLeave) {
  const handlers = useRef({ onHide, onShow });
  handlers.current = { onHide, onShow };

  // Only while there is something to lose: a beforeunload listener can keep a page out of the back-forward
  // cache. From the render that made the editor dirty (a layout effect), not after the next paint.
  useLayoutEffect(() => {
    if (!prompt) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = true; // browsers from before preventDefault was enough (Chrome < 119)
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [prompt]);

  useEffect(() => {
    const hide = (event: PageTransitionEvent) => handlers.current.onHide(event.persisted);
    const show = (event: PageTransitionEvent) => {
      if (event.persisted) handlers.current.onShow();
    };
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    return () => {
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
    };
  }, []);
}
