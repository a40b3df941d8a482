import { createContext, useContext } from 'react';
import { INITIAL_DATA_ELEMENT_ID } from '../../shared/initial-data';
import { isRecord } from './storage';

/**
 * Data the server wrote into the page (src/server/features/ssr): the shop's identity, and the
 * product, listing or featured list the page opens with. It saves a round trip per item on a slow line,
 * and it is what the server drew the page from, so the browser's first render matches the server's.
 * Each entry is taken once: later visits to the same screen fetch fresh data.
 */
export type InitialDataKey = 'settings' | 'featured' | `product:${string}` | `products:${string}`;

export interface PageData {
  take<T>(key: InitialDataKey, isValid: (value: unknown) => boolean): T | undefined;
  /** The server found nothing there (a product that does not exist): the page says so at once. */
  absent(key: InitialDataKey): boolean;
  /** The shop's address ('https://shop.example'), for links written out in full (a WhatsApp message). */
  origin: string;
}

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

function takeFrom(all: Record<string, unknown>) {
  return <T>(key: InitialDataKey, isValid: (value: unknown) => boolean): T | undefined => {
    const value = all[key];
    if (value === undefined || !isValid(value)) return undefined;
    delete all[key];
    return value as T;
  };
}

const documentData: PageData = {
  take: (key, isValid) => takeFrom(read())(key, isValid),
  absent: (key) => read()[key] === null,
  origin: typeof window === 'undefined' ? '' : window.location.origin,
};

/** The server renders many pages at once: each render is given its own data (src/web/entry-server.tsx). */
export const PageDataContext = createContext<PageData>(documentData);

export function pageDataOf(data: Record<string, unknown>, origin: string): PageData {
  const own = { ...data };
  return { take: takeFrom(own), absent: (key) => own[key] === null, origin };
}

export function usePageData(): PageData {
  return useContext(PageDataContext);
}

/** When the embedded data was current: the moment the page was served. */
export const pageLoadedAt = typeof performance !== 'undefined' ? Math.round(performance.timeOrigin) : Date.now();
