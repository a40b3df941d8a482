import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import { CATEGORY_LABELS, isCategory } from '../../../../shared/categories';
import { isLowStock, type LowStockListProduct, type ProductSummary } from '../../../../shared/schemas/products';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ProductImage } from '../../../components/ui/product-image';
import { formatKwacha } from '../../../lib/format';
import type { AdminColumn } from '../shared/admin-list';
import { useAdminProduct } from './api';
import { variantWord } from './sizes/variant-draft';

interface ProductListProps {
  onEdit: (product: ProductSummary) => void;
  onDelete: (product: ProductSummary) => void;
  /** The shop's low-stock level, once the settings are read. */
  shopLevel?: number;
}

const categoryLabel = (category: string) => (isCategory(category) ? CATEGORY_LABELS[category] : category);

function Thumbnail({ product }: { product: ProductSummary }) {
  return (
    <ProductImage
      url={product.mainImage || product.image}
      alt=""
      sizes="48px"
      width={48}
      height={48}
      className="h-12 w-12 shrink-0 rounded-lg"
    />
  );
}

/**
 * "3 sizes" for a product with options (the list has their names, not the variants: those are read with
 * the product, which its editor then finds read), "Gift set" for a set.
 */
function MakeUp({ product }: { product: ProductSummary }) {
  const options = product.options ?? [];
  const detail = useAdminProduct(options.length > 0 ? product._id : null);
  if (product.isSet) return <Badge tone="purple">Gift set</Badge>;
  if (options.length === 0) return null;
  const count = detail.data?.variants?.length;
  return <Badge tone="blue">{count === undefined ? options.join(' / ') : variantWord(options, count)}</Badge>;
}

/** A product whose variants' prices differ: from the lowest. */
const priceOf = (product: ProductSummary) =>
  product.priceFrom !== undefined ? `from ${formatKwacha(product.priceFrom)}` : formatKwacha(product.price);

function Stock({ product, shopLevel }: { product: LowStockListProduct; shopLevel?: number }) {
  const count = product.countInStock;
  // A product with sizes in the low-stock list: the sizes that are low, by name (decision 067).
  if (product.lowVariants && product.lowVariants.length > 0)
    return (
      <span className="text-bark-900">
        {count} in all
        {product.lowVariants.map((v) => (
          <span key={v._id} className="block font-semibold text-amber-900">
            {v.label}: {v.countInStock === 0 ? 'out of stock' : `${v.countInStock} left`}
          </span>
        ))}
      </span>
    );
  if (count === 0) return <span className="font-semibold text-red-800">0 (out of stock)</span>;
  const low = shopLevel !== undefined && isLowStock(product, shopLevel);
  return (
    <span className={low ? 'font-semibold text-amber-900' : 'text-bark-900'}>{low ? `${count} (low)` : count}</span>
  );
}

function Actions({ product, onEdit, onDelete }: { product: ProductSummary } & ProductListProps) {
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

/** The table's columns (from 1024 px, beside the open sidebar); below that each product is a card. */
export function productColumns({ onEdit, onDelete, shopLevel }: ProductListProps): AdminColumn<LowStockListProduct>[] {
  return [
    { header: 'SKU', cell: (product) => product.sku, className: 'font-mono text-xs whitespace-nowrap text-bark-700' },
    {
      header: 'Product',
      rowPadding: 'py-2',
      cell: (product) => (
        <div className="flex items-center gap-3">
          <Thumbnail product={product} />
          <div className="min-w-0">
            <span className="font-medium text-bark-900">{product.name}</span>
            {(product.isSet || product.options) && (
              <div className="mt-0.5">
                <MakeUp product={product} />
              </div>
            )}
          </div>
        </div>
      ),
    },
    {
      header: 'Category',
      cell: (product) => categoryLabel(product.category),
      className: 'whitespace-nowrap text-bark-700',
    },
    {
      header: 'Price',
      align: 'right',
      cell: priceOf,
      className: 'font-semibold whitespace-nowrap text-bark-900',
    },
    {
      header: 'Stock',
      align: 'right',
      cell: (product) => <Stock product={product} shopLevel={shopLevel} />,
      className: 'whitespace-nowrap',
    },
    {
      header: 'Actions',
      align: 'right',
      rowPadding: 'py-1',
      cell: (product) => <Actions product={product} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
}

export function ProductCard({
  product,
  onEdit,
  onDelete,
  shopLevel,
}: { product: LowStockListProduct } & ProductListProps) {
  return (
    <>
      <div className="flex items-start gap-3">
        <Thumbnail product={product} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-bark-900">{product.name}</p>
          <p className="mt-0.5 font-mono text-xs break-all text-bark-600">{product.sku}</p>
          {(product.isSet || product.options) && (
            <div className="mt-1">
              <MakeUp product={product} />
            </div>
          )}
        </div>
        <p className="shrink-0 font-semibold text-bark-900">{priceOf(product)}</p>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-bark-700">
          {categoryLabel(product.category)} · Stock <Stock product={product} shopLevel={shopLevel} />
        </p>
        <Actions product={product} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </>
  );
}
