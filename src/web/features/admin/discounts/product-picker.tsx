import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { X } from 'lucide-react';
import type { Product } from '../../../../shared/schemas/products';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { useAdminProducts } from '../products/api';

const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, '');
/** "Shea butter (100 ml)"; the size only when the name does not already say it ("Mungongo Oil 30 ml"). */
const label = (p: Pick<Product, 'name' | 'size'>) =>
  p.size && !squeeze(p.name).includes(squeeze(p.size)) ? `${p.name} (${p.size})` : p.name;

/** The names of the products a code already names (an edited code holds only their ids). */
function useChosenNames(ids: string[]): Map<string, string> {
  const found = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['admin', 'products', 'one', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<Product>(`/products/${id}`, { signal }),
      staleTime: 60_000,
      meta: { errorToast: false },
    })),
  });
  return new Map(
    ids.map((id, i) => [
      id,
      found[i]?.data ? label(found[i].data) : found[i]?.isError ? 'A product no longer sold' : '…',
    ]),
  );
}

/**
 * The products a code is limited to, found by name as on the products page and ticked, instead of typed
 * ids; the chosen ones stay listed above the search with a button to take each off.
 */
export function ProductPicker({ chosen, onChange }: { chosen: string[]; onChange: (ids: string[]) => void }) {
  const [keyword, setKeyword] = useState('');
  const results = useAdminProducts({ keyword, page: 1 });
  const names = useChosenNames(chosen);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen.filter((c) => c !== id), id] : chosen.filter((c) => c !== id));

  return (
    <fieldset className="sm:col-span-2">
      <legend className="font-semibold text-bark-900">Only these products (optional)</legend>
      <p className="text-sm text-bark-600">Empty: every product (or every product of the categories ticked above).</p>
      {chosen.length > 0 && (
        <ul aria-label="Products chosen" className="mt-2 flex flex-wrap gap-2">
          {chosen.map((id) => (
            <li key={id} className="flex items-center gap-1 rounded-full bg-sand-100 py-1 pr-1 pl-3 text-sm">
              {names.get(id)}
              <button
                type="button"
                className="grid size-9 place-items-center rounded-full hover:bg-sand-200 focus-visible:outline-2"
                aria-label={`Take ${names.get(id)} off`}
                onClick={() => toggle(id, false)}
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <TextField
        label="Find a product"
        type="search"
        className="mt-3"
        value={keyword}
        onInput={(e: { currentTarget: HTMLInputElement }) => setKeyword(e.currentTarget.value)}
      />
      {results.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          The products could not be loaded. Try again.
        </p>
      ) : !results.data ? (
        <Spinner label="Loading products" />
      ) : results.data.products.length === 0 ? (
        <p className="mt-2 text-sm text-bark-600">No product matches “{keyword}”.</p>
      ) : (
        <ul aria-label="Products found" className="mt-2 divide-y divide-sand-200 rounded-lg border border-sand-200">
          {results.data.products.map((p) => (
            <li key={p._id}>
              <label className="flex min-h-11 items-center gap-3 px-3 py-1">
                <Checkbox checked={chosen.includes(p._id)} onChange={(e) => toggle(p._id, e.currentTarget.checked)} />
                <span>{label(p)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
