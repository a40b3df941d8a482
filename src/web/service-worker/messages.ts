/**
 * What the page says to its service worker. The one message: the shopper tapped "Reload" on "A new
 * version of the shop is ready.", so the waiting worker takes over and the page reloads onto it.
 */
export const SKIP_WAITING = 'SKIP_WAITING';
