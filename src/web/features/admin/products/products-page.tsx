import Plus from 'lucide-react/icons/plus';
import { useMemo, useState } from 'react';
import type { ProductSummary } from '../../../../shared/schemas/products';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminList } from '../shared/admin-list';
import { useListAddress } from '../shared/use-list-address';
import { useAdminProducts, useDeleteProduct } from './api';
import { ProductEditorDialog } from './product-editor';
import { ProductCard, productColumns } from './product-list';

export function AdminProductsPage() {
  useDocumentTitle('Products');
  const list = useListAddress();
  const products = useAdminProducts({ keyword: list.keyword, page: list.page });
  const [editing, setEditing] = useState<ProductSummary | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProductSummary | null>(null);
  const remove = useDeleteProduct();
  const columns = useMemo(() => productColumns({ onEdit: setEditing, onDelete: setDeleting }), []);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
  };

  return (
    <AdminList
      title="Products"
      what={{ one: 'product', many: 'products' }}
      action={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-5 w-5" />
          New Product
        </Button>
      }
      list={list}
      query={products}
      pick={(data) => ({ rows: data.products, total: data.totalProducts, pages: data.pages })}
      empty={{ text: 'No products found.', hint: list.keyword ? 'Try a different search term.' : undefined }}
      columns={columns}
      card={(product) => <ProductCard product={product} onEdit={setEditing} onDelete={setDeleting} />}
      tableFrom="lg"
    >
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
    </AdminList>
  );
}
