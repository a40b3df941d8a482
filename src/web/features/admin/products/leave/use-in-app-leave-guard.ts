import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from '../../../../lib/router';
import { inAppDestination, isPlainClick } from './in-app-link';

type Attempt = { kind: 'link'; link: HTMLAnchorElement; to: string } | { kind: 'history'; delta: number };

/** The part of the Navigation API used here (TypeScript's DOM types do not have it yet). */
interface NavigateEvent extends Event {
  readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  readonly destination: { readonly index: number; readonly sameDocument: boolean };
}
interface Navigation extends EventTarget {
  readonly currentEntry: { readonly index: number } | null;
}

const navigationApi = (): Navigation | undefined => (window as Window & { navigation?: Navigation }).navigation;

/**
 * Holds navigation inside the app while `active`: a click on one of its links, or the browser's back or
 * forward button, waits until the admin chooses to stay or to leave (`onLeave` runs first).
 *
 * The app's router (lib/router) has no blocker, as React Router's <BrowserRouter> had none. Link clicks
 * are taken before the router's own handler sees them. Back and forward are cancelled through the
 * Navigation API's navigate event, which comes before popstate: by the time a popstate listener added
 * here ran, the router (listening since the app started) would have rendered the next screen. Where the
 * browser has no Navigation API, or lets the page cancel no more steps (one per user action), the step
 * goes through unasked; the images hook then deletes the uploads as the editor goes.
 */
export function useInAppLeaveGuard(active: boolean, onLeave: () => void) {
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const letThrough = useRef(false);
  const beforeLeaving = useRef(onLeave);
  beforeLeaving.current = onLeave;

  // A layout effect: listening from the render that made the editor dirty, not from after the next paint
  // (when Preact runs effects), so a back press right after a keystroke is asked about too.
  useLayoutEffect(() => {
    if (!active) return;
    const navigation = navigationApi();

    const onClick = (event: MouseEvent) => {
      if (letThrough.current || !isPlainClick(event) || !(event.target instanceof Element)) return;
      const link = event.target.closest('a[href]');
      if (!(link instanceof HTMLAnchorElement)) return;
      const to = inAppDestination(
        { href: link.href, target: link.target, download: link.hasAttribute('download') },
        window.location.href,
      );
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      setAttempt({ kind: 'link', link, to });
    };

    const onNavigate = (event: Event) => {
      const { navigationType, destination, cancelable } = event as NavigateEvent;
      const here = navigation?.currentEntry?.index;
      if (
        letThrough.current ||
        navigationType !== 'traverse' ||
        !destination.sameDocument ||
        !cancelable ||
        here === undefined
      )
        return;
      event.preventDefault();
      setAttempt({ kind: 'history', delta: destination.index - here });
    };

    document.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      document.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [active]);

  const stay = () => setAttempt(null);

  const leave = () => {
    if (!attempt) return;
    setAttempt(null);
    letThrough.current = true;
    beforeLeaving.current();
    if (attempt.kind === 'history') window.history.go(attempt.delta);
    // The same click again, now let through: the link goes as it would have (replace, state and all).
    else if (attempt.link.isConnected) attempt.link.click();
    else void navigate(attempt.to);
  };

  return { asking: attempt !== null, stay, leave };
}
