import type { ReactNode } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { Spinner } from '../../../components/ui/spinner';
import { useLastPageInRange, type useListAddress } from './use-list-address';

/** One column of the wide screen's table; on a narrow screen each row is drawn as a card instead. */
export interface AdminColumn<T> {
  /** Header text, or a control (select-all) or a label only screen readers hear. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'right';
  /** Less padding above and below than text's py-3, for cells holding 44 px controls or pictures. */
  rowPadding?: 'py-1' | 'py-2';
  headerClassName?: string;
  className?: string;
}

/** What a list shows of one answer of the server. */
export interface AdminListPage<T> {
  rows: T[];
  total: number;
  pages: number;
}

/** The parts of a TanStack Query result the kit reads. */
export interface AdminListQuery<D> {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
}

interface Nouns {
  one: string;
  many: string;
}

interface AdminListProps<D, T extends { _id: string }> {
  title: string;
  /** What the list holds: names its search ('Search products...'), loading, failure, region and pages. */
  what: Nouns;
  /** What the header counts, when it is not `what` (customers counts accounts). */
  counted?: Nouns;
  /** At the header's right (New Product). */
  action?: ReactNode;
  /** Beside the search box (a filter, buttons acting on a selection). */
  tools?: ReactNode;
  /** Between the tools and the list: what belongs to the list but is not one of its rows (failed payouts). */
  notice?: ReactNode;
  list: Pick<ReturnType<typeof useListAddress>, 'page' | 'setPage' | 'searchInput' | 'setSearchInput'>;
  /** False for a list the server cannot search (refunds): then only the tools show. */
  searchable?: boolean;
  query: AdminListQuery<D>;
  pick: (data: D) => AdminListPage<T>;
  empty: { text: string; hint?: string };
  columns: AdminColumn<T>[];
  card: (row: T) => ReactNode;
  /** Classes of a row and of a card (a chosen customer stands out); else white with a hover shade. */
  rowClassName?: (row: T) => string;
  cardClassName?: (row: T) => string;
  /** Above the cards, where the table has its header (select-all). */
  aboveCards?: ReactNode;
  /** Where the table takes over from the cards: products need the room of a desktop beside the sidebar. */
  tableFrom: 'md' | 'lg';
  /** The page's dialogs. */
  children?: ReactNode;
}

const SHOWN_FROM = {
  md: { table: 'hidden md:block', cards: 'md:hidden' },
  lg: { table: 'hidden lg:block', cards: 'lg:hidden' },
} as const;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Said in place of the list when its load failed (the back-office lists are not toasted: errorToast is false). */
function ListLoadFailed({ what }: { what: string }) {
  return (
    <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
      Failed to load {what}. Please try again.
    </p>
  );
}

function Rows<T extends { _id: string }>({
  rows,
  columns,
  rowClassName,
  shownFrom,
}: {
  rows: T[];
  columns: AdminColumn<T>[];
  rowClassName?: (row: T) => string;
  shownFrom: string;
}) {
  const alignment = (column: AdminColumn<T>) => (column.align === 'right' ? 'text-right' : '');
  return (
    <div className={`${shownFrom} overflow-x-auto rounded-2xl border border-sand-200 bg-white`}>
      <table className="w-full text-left text-sm">
        <thead className="bg-sand-50 text-xs font-semibold tracking-wide whitespace-nowrap text-bark-700 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={`px-3 py-3 ${alignment(column)} ${column.headerClassName ?? ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200">
          {rows.map((row) => (
            <tr key={row._id} className={rowClassName?.(row) ?? 'hover:bg-sand-50'}>
              {columns.map((column, index) => (
                <td
                  key={index}
                  className={`px-3 ${column.rowPadding ?? 'py-3'} ${alignment(column)} ${column.className ?? ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A back-office list: heading with the count, search (and the page's tools), then the loading, failed,
 * empty or filled list, a table on a wide screen and cards on a narrow one (nothing scrolls sideways on a
 * phone), and the pages. The search and page live in the address (useListAddress).
 */
export function AdminList<D, T extends { _id: string }>(props: AdminListProps<D, T>) {
  const { title, what, list, query, empty, tableFrom } = props;
  const counted = props.counted ?? what;
  const shown = query.data === undefined ? undefined : props.pick(query.data);
  const { setPage } = list;
  // Placeholder data still holds the previous list's pages: wait for the answer before moving.
  useLastPageInRange(list.page, query.isPlaceholderData ? undefined : shown?.pages, setPage);

  let body: ReactNode;
  if (query.isPending) body = <Spinner label={`Loading ${what.many}`} />;
  else if (query.isError || !shown) body = <ListLoadFailed what={what.many} />;
  else {
    body = (
      <section
        aria-label={`${capitalised(what.one)} list`}
        aria-busy={query.isFetching}
        className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      >
        {shown.rows.length === 0 ? (
          <div className="rounded-2xl border border-sand-200 bg-white p-8 text-center">
            <p className="font-semibold text-bark-900">{empty.text}</p>
            {empty.hint && <p className="mt-1 text-bark-700">{empty.hint}</p>}
          </div>
        ) : (
          <>
            <Rows
              rows={shown.rows}
              columns={props.columns}
              rowClassName={props.rowClassName}
              shownFrom={SHOWN_FROM[tableFrom].table}
            />
            <div className={SHOWN_FROM[tableFrom].cards}>
              {props.aboveCards}
              <ul className="space-y-3" aria-label={capitalised(what.many)}>
                {shown.rows.map((row) => (
                  <li
                    key={row._id}
                    className={`rounded-2xl border p-4 ${props.cardClassName?.(row) ?? 'border-sand-200 bg-white'}`}
                  >
                    {props.card(row)}
                  </li>
                ))}
              </ul>
            </div>
          </>
        )}
        <Pagination
          page={list.page}
          pages={shown.pages}
          onPageChange={setPage}
          label={`${capitalised(what.one)} pages`}
        />
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{title}</h1>
          {/* The line is kept while loading, so the list does not jump when the count arrives. */}
          <p className="mt-1 min-h-5 text-sm text-bark-700" aria-live="polite">
            {shown && `${shown.total} ${shown.total === 1 ? counted.one : counted.many}`}
          </p>
        </div>
        {props.action}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {props.searchable !== false && (
          <SearchBox
            className="flex-1"
            placeholder={`Search ${what.many}...`}
            value={list.searchInput}
            onChange={(event) => list.setSearchInput(event.target.value)}
          />
        )}
        {props.tools}
      </div>

      {props.notice}

      {body}
      {props.children}
    </div>
  );
}
