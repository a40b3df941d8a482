/**
 * True while the browser's first render adopts the page the server drew. Until then, what only this
 * device knows (the signed-in user, the cart in localStorage) must not be drawn: the server drew the page
 * without it, and Preact adopts the server's nodes as they are, so a first render that differs would
 * leave the page showing what the server drew while the app believes otherwise. Providers start from the
 * server's view and read the device's right after.
 */
let hydrating = false;

export function beginHydration(): void {
  hydrating = true;
}

export function endHydration(): void {
  hydrating = false;
}

/** Also true on the server, which has no device state at all. */
export function drawsServerView(): boolean {
  return hydrating || typeof window === 'undefined';
}
