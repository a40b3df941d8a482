import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toNgwee } from '../../../shared/money';
import type { Product, ProductList } from '../../../shared/schemas/products';
import { Button } from '../../components/ui/button';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { SearchBox } from '../../components/ui/search-box';
import { apiRequest } from '../../lib/api-client';
import { kwacha } from './return-words';

export interface ExchangeItem {
  productId: string;
  variantId: string | null;
  name: string;
  variantText: string | null;
  priceNgwee: number;
  qty: number;
}

const SEARCH_PAUSE_MS = 300;
const RESULTS = 5;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

/** What the shopper wants instead: a small search of the catalogue, then the size, then how many. */
export function ExchangePicker({
  items,
  onChange,
}: {
  items: ExchangeItem[];
  onChange: (items: ExchangeItem[]) => void;
}) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  const [chosenId, setChosenId] = useState<string | null>(null);
  const results = useQuery({
    queryKey: ['returns', 'exchange-search', keyword],
    queryFn: ({ signal }) =>
      apiRequest<ProductList>('/products', { query: { keyword, limit: RESULTS }, signal, publicRead: true }),
    enabled: keyword.length >= 2,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
  const chosen = useQuery({
    queryKey: ['products', 'detail', chosenId],
    queryFn: ({ signal }) =>
      apiRequest<Product>(`/products/${encodeURIComponent(chosenId ?? '')}`, { signal, publicRead: true }),
    enabled: chosenId !== null,
    meta: { errorToast: false },
  });

  const add = (product: Product, variant: NonNullable<Product['variants']>[number] | null) => {
    const variantId = variant?._id ?? null;
    const found = items.find((item) => item.productId === product._id && item.variantId === variantId);
    if (found) onChange(items.map((item) => (item === found ? { ...item, qty: item.qty + 1 } : item)));
    else
      onChange([
        ...items,
        {
          productId: product._id,
          variantId,
          name: product.name,
          variantText: variant?.label ?? null,
          priceNgwee: toNgwee(variant?.price ?? product.price),
          qty: 1,
        },
      ]);
    setChosenId(null);
    setTyped('');
  };

  return (
    <div className="space-y-3">
      {items.length > 0 && (
        <ul aria-label="Your new items" className="space-y-2">
          {items.map((item) => {
            const label = item.variantText ? `${item.name} (${item.variantText})` : item.name;
            return (
              <li
                key={`${item.productId}:${item.variantId}`}
                className="flex flex-wrap items-center justify-between gap-2"
              >
                <span className="min-w-36 flex-1 break-words">
                  <span className="font-semibold">{label}</span>
                  <span className="block text-sm text-bark-700 tabular-nums">{kwacha(item.priceNgwee)} each</span>
                </span>
                <QuantityStepper
                  label={label}
                  value={item.qty}
                  min={0}
                  onChange={(qty) =>
                    onChange(
                      qty === 0
                        ? items.filter((other) => other !== item)
                        : items.map((o) => (o === item ? { ...o, qty } : o)),
                    )
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
      <SearchBox
        placeholder="Search for a product"
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          setChosenId(null);
        }}
      />
      {keyword.length >= 2 && results.isPending && <p className="text-sm text-bark-700">Searching...</p>}
      {results.isError && (
        <p role="alert" className="text-sm text-red-800">
          Search failed. Please try again.
        </p>
      )}
      {keyword.length >= 2 && results.data && !chosenId && (
        <ul aria-label="Products found" className="space-y-1">
          {results.data.products.length === 0 && <li className="text-sm text-bark-700">Nothing found.</li>}
          {results.data.products.map((product) => (
            <li key={product._id}>
              <button
                type="button"
                disabled={product.countInStock <= 0}
                onClick={() => setChosenId(product._id)}
                className="flex min-h-11 w-full items-center justify-between gap-3 rounded-xl border-2 border-sand-200 bg-white px-3 text-left hover:border-forest-600 disabled:opacity-60"
              >
                <span className="min-w-0 break-words">{product.name}</span>
                <span className="shrink-0 text-sm tabular-nums">
                  {product.countInStock <= 0 ? 'Sold out' : kwacha(toNgwee(product.priceFrom ?? product.price))}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosenId && chosen.isPending && <p className="text-sm text-bark-700">Loading sizes...</p>}
      {chosenId && chosen.isError && (
        <p role="alert" className="text-sm text-red-800">
          Could not load this product. Please try again.
        </p>
      )}
      {chosenId && chosen.data && <SizeChoice product={chosen.data} onPick={add} />}
    </div>
  );
}

function SizeChoice({
  product,
  onPick,
}: {
  product: Product;
  onPick: (product: Product, variant: NonNullable<Product['variants']>[number] | null) => void;
}) {
  const variants = product.variants ?? [];
  return (
    <fieldset className="rounded-xl border-2 border-forest-200 p-3">
      <legend className="px-1 font-semibold">{product.name}</legend>
      {variants.length === 0 ? (
        <Button size="sm" disabled={product.countInStock <= 0} onClick={() => onPick(product, null)}>
          Add {kwacha(toNgwee(product.price))}
        </Button>
      ) : (
        <>
          <p className="mb-2 text-sm text-bark-700">Choose a size:</p>
          <div className="flex flex-wrap gap-2">
            {variants.map((variant) => (
              <Button
                key={variant._id}
                variant="outline"
                size="sm"
                disabled={variant.countInStock <= 0}
                onClick={() => onPick(product, variant)}
              >
                {variant.label} · {kwacha(toNgwee(variant.price))}
                {variant.countInStock <= 0 && ' (sold out)'}
              </Button>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
