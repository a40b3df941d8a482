import XIcon from 'lucide-react/icons/x';
import { useRef } from 'react';
import type { ActiveFilter, ActiveFilterKind } from './listing-query';

/**
 * The search and filters in force, as chips above the results: on a phone the panel is closed most of
 * the time, and without them only the count of products hints that the list is narrowed. A tap on a
 * chip drops its filter. Drawn from the address, so the server draws them too.
 */
export function ActiveFilters({
  filters,
  onRemove,
}: {
  filters: ActiveFilter[];
  onRemove: (kind: ActiveFilterKind) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  if (filters.length === 0) return null;
  const remove = (kind: ActiveFilterKind, at: number) => {
    onRemove(kind);
    // The tapped chip goes: keep the keyboard on the chips (the next one), not at the top of the page.
    const buttons = list.current?.querySelectorAll('button');
    const next = buttons?.[at + 1] ?? buttons?.[at - 1];
    next?.focus();
  };
  return (
    <ul ref={list} aria-label="Active filters" className="mb-4 flex flex-wrap gap-2">
      {filters.map((filter, at) => (
        <li key={filter.kind}>
          <button
            type="button"
            aria-label={filter.name}
            onClick={() => remove(filter.kind, at)}
            className="inline-flex min-h-11 min-w-11 items-center gap-1.5 rounded-full border-2 border-forest-200 bg-forest-50 py-1 pr-3 pl-4 font-semibold text-forest-900 hover:border-forest-600"
          >
            <span className="max-w-[14rem] truncate">{filter.text}</span>
            <XIcon size={18} aria-hidden="true" className="shrink-0" />
          </button>
        </li>
      ))}
    </ul>
  );
}
