/**
 * The service worker's manifest comes in two groups (decision 071): what it keeps at install whatever the
 * phone, then, after this mark, the screens a shopper is likely to open next, which it downloads only
 * when the phone does not save data. Written by the build (scripts/vite-pwa.ts), read by the worker
 * (src/web/service-worker/sw.ts). The mark is no file and is never fetched.
 */
export const LIKELY_NEXT_MARK = '#likely-next';

export function splitPrecache<T extends string | { url: string }>(manifest: readonly T[]): { core: T[]; later: T[] } {
  const at = manifest.findIndex((entry) => (typeof entry === 'string' ? entry : entry.url) === LIKELY_NEXT_MARK);
  if (at < 0) return { core: [...manifest], later: [] };
  return { core: manifest.slice(0, at), later: manifest.slice(at + 1) };
}
