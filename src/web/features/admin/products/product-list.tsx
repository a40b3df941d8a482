import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { CATEGORY_LABELS, isCategory } from '../../../../shared/categories';
import type { ProductSummary } from '../../../../shared/schemas/products';
import { Button } from '../../../components/ui/button';
import { ProductImage } from '../../../components/ui/product-image';
import { formatKwacha } from '../../../lib/format';

interface ProductListProps {
  products: ProductSummary[];
  onEdit: (product: ProductSummary) => void;
  onDelete: (product: ProductSummary) => void;
}

const categoryLabel = (category: string) => (isCategory(category) ? CATEGORY_LABELS[category] : category);

function Thumbnail({ product }: { product: ProductSummary }) {
  return <ProductImage url={product.mainImage || product.image} alt="" sizes="48px" width={48} height={48} className="h-12 w-12 shrink-0 rounded-lg" />;
}

function Stock({ count }: { count: number }) {
  return <span className={count > 0 ? 'text-bark-900' : 'font-semibold text-red-800'}>{count > 0 ? count : '0 (out of stock)'}</span>;
}

function Actions({ product, onEdit, onDelete }: { product: ProductSummary } & Omit<ProductListProps, 'products'>) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" onClick={() => onEdit(product)} aria-label={`Edit ${product.name}`}>
        <Pencil aria-hidden="true" className="h-5 w-5" />
      </Button>
      <Button variant="danger" size="icon" onClick={() => onDelete(product)} aria-label={`Delete ${product.name}`}>
        <Trash2 aria-hidden="true" className="h-5 w-5" />
      </Button>
    </div>
  );
}

/** A table from 1024 px (beside the open sidebar); below that each product is a card, so a phone never scrolls sideways. */
export function ProductList({ products, onEdit, onDelete }: ProductListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-sand-200 bg-white lg:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-sand-50 text-xs font-semibold tracking-wide text-bark-700 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">SKU</th>
              <th scope="col" className="px-4 py-3">Product</th>
              <th scope="col" className="px-4 py-3">Category</th>
              <th scope="col" className="px-4 py-3 text-right">Price</th>
              <th scope="col" className="px-4 py-3 text-right">Stock</th>
              <th scope="col" className="px-4 py-3 text-right">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200">
            {products.map((product) => (
              <tr key={product._id} className="hover:bg-sand-50">
                <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-bark-700">{product.sku}</td>
                <td className="px-4 py-2">
                  <div className="flex items-center gap-3">
                    <Thumbnail product={product} />
                    <span className="font-medium text-bark-900">{product.name}</span>
                  </div>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-bark-700">{categoryLabel(product.category)}</td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-bark-900">{formatKwacha(product.price)}</td>
                <td className="px-4 py-3 text-right whitespace-nowrap">
                  <Stock count={product.countInStock} />
                </td>
                <td className="px-4 py-1">
                  <Actions product={product} onEdit={onEdit} onDelete={onDelete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 lg:hidden" aria-label="Products">
        {products.map((product) => (
          <li key={product._id} className="rounded-2xl border border-sand-200 bg-white p-3">
            <div className="flex items-start gap-3">
              <Thumbnail product={product} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-bark-900">{product.name}</p>
                <p className="mt-0.5 font-mono text-xs break-all text-bark-600">{product.sku}</p>
              </div>
              <p className="shrink-0 font-semibold text-bark-900">{formatKwacha(product.price)}</p>
            </div>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-bark-700">
                {categoryLabel(product.category)} · Stock <Stock count={product.countInStock} />
              </p>
              <Actions product={product} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
