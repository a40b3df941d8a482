import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '../../../lib/router';

/** SPEC §9: the back office searches after a 300 ms pause, from page 1. */
const SEARCH_PAUSE_MS = 300;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The search, filters and page of a back-office list, kept in the address (replacing the history
 * entry) so a reload or a shared link shows the same list. The typed search reaches the address after
 * the pause; any other change applies at once. Filters other than the search are named by the caller.
 */
export function useListAddress<F extends string>(filterNames: readonly F[] = []) {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('q') ?? '').trim();
  const page = pageFrom(params.get('page'));
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<F, string>;

  const [searchInput, setSearchInput] = useState(keyword);
  const written = useRef(keyword);

  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '' || (name === 'page' && value === 1)) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // A search changed from elsewhere (the back button, a link) shows in the box; our own writes do not reset typing.
  useEffect(() => {
    if (keyword === written.current) return;
    written.current = keyword;
    setSearchInput(keyword);
  }, [keyword]);

  useEffect(() => {
    const wanted = searchInput.trim();
    if (wanted === keyword) return undefined;
    const timer = window.setTimeout(() => {
      written.current = wanted;
      update({ q: wanted, page: null });
    }, SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput, keyword, update]);

  const setFilter = useCallback((name: F, value: string) => update({ [name]: value, page: null }), [update]);
  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  return { keyword, page, filters, searchInput, setSearchInput, setFilter, setPage };
}

/**
 * A page past the end (after rows went, or typed into the address) moves to the last one. `pages` is
 * left undefined while there is no settled answer (loading, or placeholder data from the previous list).
 */
export function useLastPageInRange(page: number, pages: number | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (pages !== undefined && page > pages) setPage(pages);
  }, [page, pages, setPage]);
}
