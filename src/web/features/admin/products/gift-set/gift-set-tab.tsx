import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import {
  MAX_SET_PARTS,
  type ProductList,
  type ProductSummary,
  type Variant,
} from '../../../../../shared/schemas/products';
import { Button } from '../../../../components/ui/button';
import { ProductImage } from '../../../../components/ui/product-image';
import { SearchBox } from '../../../../components/ui/search-box';
import { Spinner } from '../../../../components/ui/spinner';
import { apiRequest } from '../../../../lib/api-client';
import { useAdminProduct } from '../api';
import type { MakeUpDraft } from '../use-make-up-draft';
import { addPart, chooseVariant, partName, setsAllowed, setsText, type PartRow } from './set-draft';

const PICK_LIMIT = 6;

/** Products whose name or SKU holds the words, once two letters are typed (a set's parts are single products). */
function useProductsToPick(keyword: string) {
  const [asked, setAsked] = useState(keyword);
  // A search per pause in typing, not per key: a phone on a slow line would queue them up.
  useEffect(() => {
    const timer = setTimeout(() => setAsked(keyword.trim()), 300);
    return () => clearTimeout(timer);
  }, [keyword]);
  return useQuery({
    queryKey: ['admin', 'products', 'to-pick', asked],
    queryFn: ({ signal }) =>
      apiRequest<ProductList>('/products', { query: { keyword: asked, limit: PICK_LIMIT }, signal }),
    enabled: asked.length >= 2,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** Which size (variant) of a part with options the set takes: chosen on the part's line, and changeable. */
function PartVariant({ row, onChoose }: { row: PartRow; onChoose: (variant: Variant) => void }) {
  const id = useId();
  const product = useAdminProduct(row.product);
  if (!product.data)
    return product.isError ? (
      <p className="text-sm text-red-800">Failed to load its sizes.</p>
    ) : (
      <Spinner label="Loading its sizes" />
    );
  const variants = product.data.variants ?? [];
  const which = (product.data.options ?? row.options).join(' / ');
  const unchosen = row.variant === null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-bark-900">
        Which {which}?
      </label>
      <select
        id={id}
        className={`min-h-11 w-full rounded-xl border-2 bg-white px-3 py-2 text-base text-bark-900 focus:border-forest-600 ${unchosen ? 'border-red-700' : 'border-sand-300'}`}
        value={row.variant ?? ''}
        onChange={(e) => {
          const chosen = variants.find((v) => v._id === e.currentTarget.value);
          if (chosen) onChoose(chosen);
        }}
      >
        {unchosen && <option value="">Choose…</option>}
        {variants.map((v) => (
          <option key={v._id} value={v._id}>
            {v.label} ({v.countInStock} in stock)
          </option>
        ))}
      </select>
    </div>
  );
}

function PartItem({
  row,
  onChange,
  onRemove,
}: {
  row: PartRow;
  onChange: (next: PartRow[] | ((rows: PartRow[]) => PartRow[])) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const name = partName(row);
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      {row.image && (
        <ProductImage
          url={row.image}
          alt=""
          sizes="48px"
          width={48}
          height={48}
          className="h-12 w-12 shrink-0 rounded-lg"
        />
      )}
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-semibold break-words text-bark-900">{name}</p>
        <p className="text-sm text-bark-700">
          {row.options.length > 0 && row.variant === null ? 'Choose one below' : `${row.countInStock} in stock`}
        </p>
      </div>
      <div className="flex shrink-0 items-end gap-2">
        <div>
          <label htmlFor={`${id}-qty`} className="mb-1 block text-sm font-semibold text-bark-900">
            In one set
          </label>
          <input
            id={`${id}-qty`}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            className="min-h-11 w-20 rounded-xl border-2 border-sand-300 bg-white px-3 text-base text-bark-900 focus:border-forest-600"
            value={row.quantity}
            onInput={(e) => {
              const quantity = e.currentTarget.value;
              onChange((rows) => rows.map((r) => (r === row ? { ...r, quantity } : r)));
            }}
          />
        </div>
        <Button variant="danger" size="icon" onClick={onRemove} aria-label={`Remove ${name} from the set`}>
          <Trash2 aria-hidden="true" className="h-5 w-5" />
        </Button>
      </div>
      {row.options.length > 0 && (
        <div className="basis-full">
          <div className="sm:max-w-sm">
            <PartVariant
              row={row}
              onChoose={(variant) => onChange((rows) => chooseVariant(rows, rows.indexOf(row), variant))}
            />
          </div>
        </div>
      )}
    </li>
  );
}

function AddPart({
  setId,
  parts,
  onAdd,
}: {
  setId: string | null;
  parts: PartRow[];
  onAdd: (p: ProductSummary) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useProductsToPick(keyword);
  const resultsId = useId();
  const shown = (found.data?.products ?? []).filter((p) => p._id !== setId && !p.isSet);
  const typed = keyword.trim().length >= 2;
  if (parts.length >= MAX_SET_PARTS)
    return <p className="text-sm text-bark-700">A gift set holds at most {MAX_SET_PARTS} products.</p>;
  return (
    <div className="space-y-2">
      <label htmlFor={`${resultsId}-search`} className="block text-sm font-semibold text-bark-900">
        Add a product to the set
      </label>
      <SearchBox
        id={`${resultsId}-search`}
        placeholder="Type a product's name or SKU"
        aria-label="Add a product to the set"
        aria-describedby={resultsId}
        value={keyword}
        onInput={(e) => setKeyword(e.currentTarget.value)}
      />
      <div id={resultsId} aria-live="polite">
        {typed && found.isFetching && !found.data && <Spinner label="Searching" />}
        {typed && found.data && shown.length === 0 && (
          <p className="text-sm text-bark-700">No product found. Gift sets cannot be parts of another set.</p>
        )}
        {typed && found.isError && <p className="text-sm text-red-800">Failed to search. Please try again.</p>}
      </div>
      {typed && shown.length > 0 && (
        <ul aria-label="Products found" className="divide-y divide-sand-200 rounded-2xl border border-sand-200">
          {shown.map((product) => (
            <li key={product._id}>
              <button
                type="button"
                className="flex min-h-11 w-full items-center gap-3 px-3 py-2 text-left hover:bg-forest-50"
                onClick={() => {
                  onAdd(product);
                  // The results go: the cursor goes back to the search, for the next part.
                  setKeyword('');
                  document.getElementById(`${resultsId}-search`)?.focus();
                }}
                aria-label={`Add ${product.name}`}
              >
                <Plus aria-hidden="true" className="h-5 w-5 shrink-0 text-forest-800" />
                <span className="min-w-0 flex-1 break-words">{product.name}</span>
                <span className="shrink-0 text-sm text-bark-700">
                  {product.options ? product.options.join(' / ') : `${product.countInStock} in stock`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Gift set (docs/decisions/067-sizes-and-sets.md): the products (and their sizes) one set takes, with how
 * many of each. Its stock is what the parts allow, which the server keeps; saved with Save Product.
 */
export function GiftSetTab({
  draft,
  productId,
  blocked,
  saved,
}: {
  draft: MakeUpDraft<PartRow[]>;
  productId: string | null;
  /** Why this product cannot be a set (it has options), or null. */
  blocked: string | null;
  /** The product as the server last answered it (a set's stock is what its parts allow); null: not saved yet. */
  saved: { isSet: boolean; countInStock: number } | null;
}) {
  const { values, load } = draft;
  if (blocked) return <p className="rounded-2xl border border-sand-200 bg-sand-50 p-4 text-bark-800">{blocked}</p>;
  if (!values) {
    if (load.isError)
      return (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-center text-red-900">
          <p className="mb-3 font-semibold">Failed to load the gift set. Please try again.</p>
          <Button onClick={() => load.refetch()} disabled={load.isRefetching}>
            Try again
          </Button>
        </div>
      );
    return <Spinner label="Loading the gift set" />;
  }
  const update = (next: PartRow[] | ((rows: PartRow[]) => PartRow[])) =>
    draft.set(typeof next === 'function' ? next(values) : next);
  const preview = setsAllowed(values);

  return (
    <div className="space-y-5">
      <p className="text-bark-800">
        A gift set is made of other products. Its stock is what its parts allow: when a part sells out, so does the set.
        Its price is its own (on Basic Info).
      </p>
      {saved?.isSet && (
        <p className="rounded-2xl bg-forest-50 px-4 py-3 font-semibold text-forest-900">
          {setsText(saved.countInStock)}
        </p>
      )}
      {values.length === 0 ? (
        <p className="text-sm text-bark-700">
          {saved?.isSet
            ? 'No parts: the product is no longer a gift set when you save.'
            : 'Not a gift set: no parts yet.'}
        </p>
      ) : (
        <section aria-labelledby="set-parts-heading" className="space-y-2">
          <h3 id="set-parts-heading" className="font-sans text-sm font-semibold text-bark-900">
            What one set holds
          </h3>
          <ul aria-label="Parts of the set" className="divide-y divide-sand-200 rounded-2xl border border-sand-200">
            {/* Keyed by place: choosing a part's size keeps its line (and the focus on its select). */}
            {values.map((row, i) => (
              <PartItem key={i} row={row} onChange={update} onRemove={() => update(values.filter((r) => r !== row))} />
            ))}
          </ul>
          {draft.changed && preview !== null && (
            <p className="text-sm text-bark-800">
              With these parts you can sell {preview} {preview === 1 ? 'set' : 'sets'} once saved.
            </p>
          )}
        </section>
      )}
      <AddPart setId={productId} parts={values} onAdd={(product) => update(addPart(values, product))} />
      <p className="text-sm text-bark-600">Saved with Save Product.</p>
    </div>
  );
}
