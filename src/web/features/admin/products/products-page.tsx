import Plus from 'lucide-react/icons/plus';
import { useCallback, useEffect, useState } from 'react';
import type { ProductSummary } from '../../../../shared/schemas/products';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminProducts, useDeleteProduct } from './api';
import { ProductEditorDialog } from './product-editor';
import { ProductList } from './product-list';

/** SPEC §9: the search waits for a 300 ms pause in typing, then starts again from page 1. */
const SEARCH_PAUSE_MS = 300;

function useProductSearch() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState({ keyword: '', page: 1 });
  useEffect(() => {
    if (typed.trim() === search.keyword) return;
    const timer = window.setTimeout(() => setSearch({ keyword: typed.trim(), page: 1 }), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, search.keyword]);
  const goToPage = useCallback((page: number) => setSearch((s) => ({ ...s, page })), []);
  return { typed, setTyped, search, goToPage };
}

export function AdminProductsPage() {
  useDocumentTitle('Products');
  const { typed, setTyped, search, goToPage } = useProductSearch();
  const { data, isPending, isError, isPlaceholderData } = useAdminProducts(search);
  const [editing, setEditing] = useState<ProductSummary | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProductSummary | null>(null);
  const remove = useDeleteProduct();

  // After the last product of a page goes, the page may no longer exist: show the last one there is.
  useEffect(() => {
    if (data && !isPlaceholderData && search.page > data.pages) goToPage(data.pages);
  }, [data, isPlaceholderData, search.page, goToPage]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold">Products</h1>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-5 w-5" />
          New Product
        </Button>
      </div>

      <SearchBox placeholder="Search products..." value={typed} onChange={(event) => setTyped(event.target.value)} className="max-w-md" />

      {isPending ? (
        <Spinner label="Loading products" />
      ) : isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 px-4 py-10 text-center font-medium text-red-900">
          Failed to load products. Please try again.
        </p>
      ) : (
        <section aria-label="Product list" aria-busy={isPlaceholderData} className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <p aria-live="polite" className="mb-3 text-sm text-bark-700">
            {data.totalProducts === 1 ? '1 product' : `${data.totalProducts} products`}
          </p>
          {data.products.length === 0 ? (
            <div className="rounded-2xl bg-sand-100 px-4 py-10 text-center text-bark-700">
              <p className="font-semibold text-bark-900">No products found.</p>
              {search.keyword && <p className="mt-1">Try a different search term.</p>}
            </div>
          ) : (
            <ProductList products={data.products} onEdit={setEditing} onDelete={setDeleting} />
          )}
          <Pagination page={search.page} pages={data.pages} onPageChange={goToPage} label="Product pages" />
        </section>
      )}

      <ProductEditorDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete product?'}
        description="Are you sure you want to delete this product? This action cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
