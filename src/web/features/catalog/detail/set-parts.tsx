import { Link } from '../../../lib/router';
import { ProductImage } from '../../../components/ui/product-image';
import { productPagePath } from '../../../../shared/app-pages';
import { nameWithVariant } from '../../../../shared/variants';
import type { SetPart } from '../api';

/**
 * A gift set's parts, each a link to its own page (on its size). The set's stock is what its parts allow
 * (the server's countInStock); a part that holds it back says so, so "Out of Stock" has its reason.
 */
export function SetParts({ parts }: { parts: readonly SetPart[] }) {
  if (parts.length === 0) return null;
  return (
    <section aria-labelledby="set-parts-title" className="mt-6">
      <h2 id="set-parts-title" className="font-sans text-lg font-bold text-bark-900">
        In this set
      </h2>
      <ul className="mt-2 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
        {parts.map((part) => {
          const name = nameWithVariant(part.name, part.label);
          return (
            <li key={`${part.product}:${part.variant ?? ''}`} className="flex items-center gap-3 px-3 py-2">
              <div aria-hidden="true" className="w-12 shrink-0">
                <ProductImage
                  url={part.image}
                  alt=""
                  sizes="48px"
                  width={400}
                  height={400}
                  className="aspect-square w-12 rounded-lg"
                />
              </div>
              <div className="min-w-0 flex-1">
                <Link
                  to={productPagePath(part.product, part.variant)}
                  className="flex min-h-11 items-center font-semibold break-words text-bark-900 underline-offset-4 hover:text-forest-800 hover:underline"
                >
                  <span>
                    <span className="tabular-nums">{part.quantity}</span> x {name}
                  </span>
                </Link>
                {part.countInStock < part.quantity && <p className="text-sm text-red-800">Sold out</p>}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
