/**
 * True while the browser's first render adopts the page the server drew. Until then, what only this
 * device knows (the signed-in user, the cart in localStorage) must not be drawn: the server drew the page
 * without it, and a different first render is a hydration mismatch that React repairs by throwing the
 * server's markup away. Providers start from the server's view and read the device's right after.
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
