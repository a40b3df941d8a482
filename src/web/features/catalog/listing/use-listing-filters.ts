import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import {
  DEFAULT_LISTING_QUERY,
  FILTER_PAUSE_MS,
  draftFrom,
  listingSearch,
  parseListingQuery,
  queryFromDraft,
  sameFilters,
  withoutFilter,
  type ActiveFilterKind,
  type FilterDraft,
  type ListingQuery,
} from './listing-query';

/**
 * The address is the applied query (what is fetched); the draft is what the shopper is editing.
 * Draft changes reach the address after a 500 ms pause, on page 1, replacing the history entry (SPEC §4).
 * A change of address from elsewhere (a footer link, the back button) resets the draft.
 */
export function useListingFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const applied = useMemo(() => parseListingQuery(new URLSearchParams(search)), [search]);
  const [draft, setDraft] = useState<FilterDraft>(() => draftFrom(applied));
  const ownWrite = useRef<string | null>(null);
  const appliedRef = useRef(applied);
  appliedRef.current = applied;
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (ownWrite.current === search) {
      ownWrite.current = null;
      return;
    }
    setDraft(draftFrom(parseListingQuery(new URLSearchParams(search))));
  }, [search]);

  const apply = useCallback(
    (query: ListingQuery, replace: boolean) => {
      const next = listingSearch(query);
      if (next.toString() === searchRef.current) return;
      ownWrite.current = next.toString();
      setSearchParams(next, { replace });
    },
    [setSearchParams],
  );

  useEffect(() => {
    const wanted = queryFromDraft(draft);
    if (sameFilters(wanted, appliedRef.current)) return undefined;
    const timer = window.setTimeout(() => apply(wanted, true), FILTER_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, apply]);

  /** Applies the draft now (the mobile 'Apply Filters' button). */
  const applyNow = useCallback(() => {
    const wanted = queryFromDraft(draft);
    if (!sameFilters(wanted, appliedRef.current)) apply(wanted, true);
  }, [draft, apply]);

  const clearAll = useCallback(() => {
    setDraft(draftFrom(DEFAULT_LISTING_QUERY));
    apply(DEFAULT_LISTING_QUERY, true);
  }, [apply]);

  /** Drops one filter (its chip was tapped) at once, and from the panel too. */
  const removeFilter = useCallback(
    (kind: ActiveFilterKind) => {
      const next = withoutFilter(appliedRef.current, kind);
      setDraft(draftFrom(next));
      apply(next, true);
    },
    [apply],
  );

  const goToPage = useCallback((page: number) => apply({ ...appliedRef.current, page }, false), [apply]);

  return { applied, draft, setDraft, applyNow, clearAll, removeFilter, goToPage };
}
