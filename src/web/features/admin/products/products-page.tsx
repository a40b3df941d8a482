import Plus from 'lucide-react/icons/plus';
import Upload from 'lucide-react/icons/upload';
import { useMemo, useState } from 'react';
import type { ProductSummary } from '../../../../shared/schemas/products';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useShopSettings } from '../../../lib/shop-settings';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminList } from '../shared/admin-list';
import { useListAddress } from '../shared/use-list-address';
import { useAdminProducts, useDeleteProduct } from './api';
import { ImportProductsDialog } from './import-dialog';
import { ProductEditorDialog } from './product-editor';
import { ProductCard, productColumns } from './product-list';

const STOCK_FILTERS = [
  { value: '', label: 'All stock levels' },
  { value: 'low', label: 'Low stock' },
];
const FILTER_NAMES = ['stock'] as const;

export function AdminProductsPage() {
  useDocumentTitle('Products');
  const list = useListAddress(FILTER_NAMES);
  const lowStock = list.filters.stock === 'low';
  const products = useAdminProducts({ keyword: list.keyword, page: list.page, lowStock });
  const shopLevel = useShopSettings().data?.lowStockThreshold;
  const [editing, setEditing] = useState<ProductSummary | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProductSummary | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteProduct();
  const columns = useMemo(() => productColumns({ onEdit: setEditing, onDelete: setDeleting, shopLevel }), [shopLevel]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
  };

  return (
    <AdminList
      title="Products"
      what={{ one: 'product', many: 'products' }}
      action={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Upload aria-hidden="true" className="h-5 w-5" />
            Import CSV
          </Button>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="h-5 w-5" />
            New Product
          </Button>
        </div>
      }
      tools={
        <SelectField
          className="sm:w-48"
          label="Filter by stock"
          hideLabel
          options={STOCK_FILTERS}
          value={lowStock ? 'low' : ''}
          onChange={(event) => list.setFilter('stock', event.target.value)}
        />
      }
      list={list}
      query={products}
      pick={(data) => ({ rows: data.products, total: data.totalProducts, pages: data.pages })}
      empty={
        lowStock && !list.keyword
          ? {
              text: 'No product is low on stock.',
              hint: 'Products show here when their stock falls to their low-stock level.',
            }
          : { text: 'No products found.', hint: list.keyword ? 'Try a different search term.' : undefined }
      }
      columns={columns}
      card={(product) => (
        <ProductCard product={product} onEdit={setEditing} onDelete={setDeleting} shopLevel={shopLevel} />
      )}
      tableFrom="lg"
    >
      <ProductEditorDialog editing={editing} onClose={() => setEditing(null)} />
      <ImportProductsDialog open={importing} onClose={() => setImporting(false)} />
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
