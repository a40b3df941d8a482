/**
 * What the service worker downloads on a first visit to the home page beyond what the page itself
 * loaded (decision 071): the likely-next screens, and any file of the core the page did not load. The
 * app shell and the worker itself are not in the build's manifest and are left out: about 12 KB more.
 */
export const PRECACHE_AHEAD_BUDGET_KB = 30;

/** The files of the worker's two groups that the page at hand has not loaded, once each, sorted. */
export function precacheAhead(
  groups: { core: Set<string>; later: Set<string> },
  pageLoaded: Iterable<string>,
): string[] {
  const loaded = new Set(pageLoaded);
  return [...new Set([...groups.core, ...groups.later])].filter((file) => !loaded.has(file)).sort();
}
