import { useEffect, type ComponentPropsWithRef, type MouseEvent } from 'react';
import { useRouter } from './context';
import { useHref, useLocation } from './hooks';
import { createPath } from './path';

export interface LinkProps extends Omit<ComponentPropsWithRef<'a'>, 'href'> {
  to: string;
  /** Replaces the current history entry instead of adding one (the default for a link to where we are). */
  replace?: boolean;
  state?: unknown;
}

/** A click the browser handles itself: not the main button, a modifier key (new tab or window, download), another target. */
export function leftToBrowser(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>,
  target: string | undefined,
): boolean {
  return (
    event.button !== 0 ||
    (!!target && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  );
}

/** An <a> with a real href, whose plain left clicks navigate inside the app. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const { location, go } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || leftToBrowser(event, target)) return;
    event.preventDefault();
    go(href, { replace: replace ?? href === createPath(location), state });
  };
  return <a {...rest} href={href} target={target} onClick={follow} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on its own path, not on the paths below it. */
  end?: boolean;
  /** A string gets ' active' added while the link is active. */
  className?: string | ((state: { isActive: boolean }) => string);
}

/**
 * A Link that knows whether it leads to the current page (its path or, without `end`, one below it;
 * in any case) and then says so with aria-current="page" and its class.
 */
export function NavLink({ end = false, className = '', 'aria-current': current = 'page', ...rest }: NavLinkProps) {
  const toPathname = useHref(rest.to)
    .replace(/[?#].*/, '')
    .toLowerCase();
  const pathname = useLocation().pathname.toLowerCase();
  const slashAt = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    pathname === toPathname || (!end && pathname.startsWith(toPathname) && pathname.charAt(slashAt) === '/');
  return (
    <Link
      {...rest}
      aria-current={isActive ? current : undefined}
      className={
        typeof className === 'function'
          ? className({ isActive })
          : [className, isActive && 'active'].filter(Boolean).join(' ')
      }
    />
  );
}

/** Navigates once rendered (in an effect: on the server it renders nothing and goes nowhere). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const { go } = useRouter();
  const href = useHref(to);
  useEffect(() => go(href, { replace, state }), [go, href, replace, state]);
  return null;
}
