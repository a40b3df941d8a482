import { getHeapStatistics } from 'node:v8';

/** The caches' sizes in MB when their settings are unset and the heap is large enough (config.ts). */
export const FULL_CACHE_MB = { answers: 32, pages: 16, fragments: 24 } as const;

/**
 * The heap (V8's limit, MB) at which the caches take their full sizes. Below it each takes its share: at
 * 10,000 products with the full sizes the shop keeps about 130 MB alive, and the service's 280 MB heap
 * peaked 50-110 MB higher with them than with its share (decision 075).
 */
export const FULL_CACHES_AT_HEAP_MB = 512;

/** This process's heap limit in MB: --max-old-space-size and the young generation, or V8's own choice. */
export function heapLimitMb(): number {
  return getHeapStatistics().heap_size_limit / 1_048_576;
}

/** A cache's default size (MB) under a heap limit: the full size from 512 MB up, a share of it below, never under 1. */
export function cacheDefaultMb(fullMb: number, heapMb = heapLimitMb()): number {
  return Math.max(1, Math.floor((fullMb * Math.min(heapMb, FULL_CACHES_AT_HEAP_MB)) / FULL_CACHES_AT_HEAP_MB));
}
