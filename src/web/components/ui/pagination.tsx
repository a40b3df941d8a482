import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';

/** First page, last page and the current page ±1, with gaps shown as an ellipsis (SPEC §9). */
export function pageItems(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) items.push('gap');
    items.push(p);
  });
  return items;
}

interface PaginationProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  label?: string;
}

export function Pagination({ page, pages, onPageChange, label = 'Pages' }: PaginationProps) {
  if (pages <= 1) return null;
  const go = (next: number) => {
    if (next >= 1 && next <= pages && next !== page) onPageChange(next);
  };
  const cell =
    'flex h-11 min-w-11 items-center justify-center rounded-full px-3 font-semibold disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav aria-label={label} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <button
            type="button"
            className={`${cell} hover:bg-forest-50`}
            onClick={() => go(page - 1)}
            disabled={page <= 1}
            aria-label="Previous page"
          >
            <ChevronLeft size={20} aria-hidden="true" />
          </button>
        </li>
        {pageItems(page, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-bark-600">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`${cell} ${item === page ? 'bg-forest-700 text-white' : 'text-forest-800 hover:bg-forest-50'}`}
                onClick={() => go(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${cell} hover:bg-forest-50`}
            onClick={() => go(page + 1)}
            disabled={page >= pages}
            aria-label="Next page"
          >
            <ChevronRight size={20} aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
