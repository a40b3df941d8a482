import { useState } from 'react';
import type { Product } from '../../../../shared/schemas/products';
import { Button } from '../../../components/ui/button';
import { SearchBox } from '../../../components/ui/search-box';
import { formatKwacha } from '../../../lib/format';
import { useAdminProduct, useAdminProducts } from '../products/api';
import type { DraftLine } from './edit-lines';

interface ProductPickerProps {
  onAdd: (line: Omit<DraftLine, 'qty'>) => void;
}

/** Add a product: search by name, tap it; a product with sizes shows a button per size. */
export function EditProductPicker({ onAdd }: ProductPickerProps) {
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const found = useAdminProducts({ keyword, page: 1 });
  const sized = useAdminProduct(chosen);
  const products = keyword.trim().length >= 2 ? (found.data?.products ?? []) : [];

  const pick = (product: Pick<Product, '_id' | 'name' | 'price' | 'options'>) => {
    if (product.options?.length) {
      setChosen(product._id);
      return;
    }
    onAdd({ productId: product._id, name: product.name, price: product.price });
    setKeyword('');
  };

  return (
    <div className="space-y-3">
      <SearchBox
        placeholder="Search products to add"
        value={keyword}
        onChange={(event) => {
          setKeyword(event.currentTarget.value);
          setChosen(null);
        }}
      />
      {products.length > 0 && !chosen && (
        <ul className="space-y-2" aria-label="Products found">
          {products.slice(0, 6).map((product) => (
            <li key={product._id}>
              <Button
                variant="outline"
                className="w-full justify-between text-left"
                onClick={() => pick(product)}
                aria-label={`Add ${product.name}`}
              >
                <span className="min-w-0 truncate">{product.name}</span>
                <span className="shrink-0 tabular-nums">{formatKwacha(product.priceFrom ?? product.price)}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {chosen && sized.data && (
        <div role="group" aria-label={`Sizes of ${sized.data.name}`} className="space-y-2">
          <p className="text-sm font-semibold text-bark-900">{sized.data.name}: choose a size</p>
          <div className="flex flex-wrap gap-2">
            {(sized.data.variants ?? []).map((variant) => (
              <Button
                key={variant._id}
                variant="outline"
                size="sm"
                onClick={() => {
                  onAdd({
                    productId: sized.data._id,
                    variantId: variant._id,
                    name: `${sized.data.name} (${variant.label})`,
                    price: variant.price,
                  });
                  setChosen(null);
                  setKeyword('');
                }}
              >
                {variant.label} · {formatKwacha(variant.price)}
              </Button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
