/** What a clicked link says about where it goes. */
export interface ClickedLink {
  href: string;
  target: string;
  download: boolean;
}

type ClickKeys = Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>;

/** A plain left click, not already handled: one that follows the link in this tab. */
export function isPlainClick(event: ClickKeys): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/**
 * The address a link click takes this tab to inside the app, or null when the screen stays (a jump within
 * the page) or the click leaves the app to another site, a new tab or a download.
 */
export function inAppDestination(link: ClickedLink, here: string): string | null {
  if (link.download || (link.target !== '' && link.target !== '_self')) return null;
  const from = new URL(here);
  const to = new URL(link.href, here);
  if (to.origin !== from.origin) return null;
  if (to.pathname === from.pathname && to.search === from.search) return null;
  return `${to.pathname}${to.search}${to.hash}`;
}
