import { INITIAL_DATA_ELEMENT_ID } from '../../shared/initial-data';
import { isRecord } from './storage';

/**
 * Data the server wrote into the page (src/server/features/web): the shop's identity, and the
 * product or featured list the page opens with. It saves a round trip per item on a slow line.
 * Each entry is taken once: later visits to the same screen fetch fresh data.
 */
export type InitialDataKey = 'settings' | 'featured' | `product:${string}`;

let entries: Record<string, unknown> | undefined;

function read(): Record<string, unknown> {
  if (entries) return entries;
  entries = {};
  if (typeof document === 'undefined') return entries;
  const text = document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent;
  if (!text) return entries;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) entries = parsed;
  } catch {
    // A broken block only costs the round trip it was meant to save.
  }
  return entries;
}

export function takeInitialData<T>(key: InitialDataKey, isValid: (value: unknown) => boolean): T | undefined {
  const all = read();
  const value = all[key];
  delete all[key];
  return value !== undefined && isValid(value) ? (value as T) : undefined;
}

/** When the embedded data was current: the moment the page was served. */
export const pageLoadedAt = typeof performance !== 'undefined' ? Math.round(performance.timeOrigin) : Date.now();
