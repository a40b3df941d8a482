import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import type { ProductSummary } from '../../../../shared/schemas/products';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminPageHeader } from '../shared/admin-page-header';
import { ListLoadFailed } from '../shared/list-load-failed';
import { useLastPageInRange, useListAddress } from '../shared/use-list-address';
import { useAdminProducts, useDeleteProduct } from './api';
import { ProductEditorDialog } from './product-editor';
import { ProductList } from './product-list';

export function AdminProductsPage() {
  useDocumentTitle('Products');
  const list = useListAddress();
  const { data, isPending, isError, isPlaceholderData } = useAdminProducts({ keyword: list.keyword, page: list.page });
  const [editing, setEditing] = useState<ProductSummary | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProductSummary | null>(null);
  const remove = useDeleteProduct();

  const { setPage } = list;
  useLastPageInRange(list.page, isPlaceholderData ? undefined : data?.pages, setPage);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <AdminPageHeader title="Products">
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-5 w-5" />
          New Product
        </Button>
      </AdminPageHeader>

      <SearchBox placeholder="Search products..." value={list.searchInput} onChange={(event) => list.setSearchInput(event.target.value)} className="max-w-md" />

      {isPending ? (
        <Spinner label="Loading products" />
      ) : isError ? (
        <ListLoadFailed what="products" />
      ) : (
        <section aria-label="Product list" aria-busy={isPlaceholderData} className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <p aria-live="polite" className="mb-3 text-sm text-bark-700">
            {data.totalProducts === 1 ? '1 product' : `${data.totalProducts} products`}
          </p>
          {data.products.length === 0 ? (
            <div className="rounded-2xl bg-sand-100 px-4 py-10 text-center text-bark-700">
              <p className="font-semibold text-bark-900">No products found.</p>
              {list.keyword && <p className="mt-1">Try a different search term.</p>}
            </div>
          ) : (
            <ProductList products={data.products} onEdit={setEditing} onDelete={setDeleting} />
          )}
          <Pagination page={list.page} pages={data.pages} onPageChange={setPage} label="Product pages" />
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
