import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { CATEGORY_LABELS } from '../../../../shared/categories';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProductList } from '../api';
import { ProductGrid } from '../components/product-grid';
import { FiltersPanel } from '../listing/filters-panel';
import { ActiveFilters } from '../listing/active-filters';
import { activeFilters, listingApiParams } from '../listing/listing-query';
import { SameOnEveryPage } from '../../../lib/server-fragments';
import { useListingFilters } from '../listing/use-listing-filters';

function Results({
  params,
  onPageChange,
}: {
  params: ReturnType<typeof listingApiParams>;
  onPageChange: (page: number) => void;
}) {
  const { data, isPending, isError } = useProductList(params);
  if (isPending) return <Spinner label="Loading products" />;
  if (isError) {
    return (
      <p role="alert" className="rounded-2xl bg-red-50 px-4 py-10 text-center font-medium text-red-900">
        Failed to load products. Please try again.
      </p>
    );
  }
  const count = data.totalProducts;
  return (
    <>
      <p aria-live="polite" className="mb-4 text-sm text-bark-700">
        {count === 1 ? '1 product' : `${count} products`}
      </p>
      {data.products.length === 0 ? (
        <p className="rounded-2xl bg-sand-100 px-4 py-10 text-center text-bark-700">
          No products found matching your criteria.
        </p>
      ) : (
        <ProductGrid products={data.products} aboveTheFold label="Products" columns={3} headingLevel="h2" />
      )}
      <Pagination page={data.page} pages={data.pages} onPageChange={onPageChange} label="Product pages" />
    </>
  );
}

export function ProductsPage() {
  const { applied, draft, setDraft, applyNow, clearAll, removeFilter, goToPage } = useListingFilters();
  const active = activeFilters(applied);
  // Same titles as the server writes for a first visit (src/server/features/ssr/page-meta.ts).
  useDocumentTitle(applied.category ? `${CATEGORY_LABELS[applied.category]} Products` : 'Our Products');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();

  const changePage = (page: number) => {
    goToPage(page);
    document.getElementById('products-title')?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 id="products-title" className="text-3xl font-bold sm:text-4xl">
          Our Products
        </h1>
        <Button
          variant="outline"
          className="lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls={panelId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal size={18} aria-hidden="true" />
          Filters
          {/* How many are in force; the chips below name them to a screen reader. */}
          {active.length > 0 && (
            <span
              aria-hidden="true"
              data-testid="filters-count"
              className="grid h-6 min-w-6 place-items-center rounded-full bg-forest-700 px-1.5 text-sm text-white"
            >
              {active.length}
            </span>
          )}
        </Button>
      </div>
      <div className="grid gap-8 lg:grid-cols-[17rem_1fr]">
        <aside id={panelId} aria-label="Product filters" className={`${filtersOpen ? 'block' : 'hidden'} lg:block`}>
          {/* On the server, drawn once for the filters the address names, then kept. */}
          <SameOnEveryPage id={() => `filters ${JSON.stringify(draft)}`}>
            <FiltersPanel
              draft={draft}
              onChange={setDraft}
              onClearAll={clearAll}
              onApply={() => {
                applyNow();
                setFiltersOpen(false);
              }}
            />
          </SameOnEveryPage>
        </aside>
        <section aria-label="Results" className="min-w-0">
          <ActiveFilters filters={active} onRemove={removeFilter} />
          <Results params={listingApiParams(applied)} onPageChange={changePage} />
        </section>
      </div>
    </div>
  );
}
