import type { ProductSummary } from '../api';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: ProductSummary[];
  /** Whether the grid starts in view, so its first image is fetched first. */
  aboveTheFold?: boolean;
  showFeaturedBadge?: boolean;
  label?: string;
  /** Columns on large screens: 4 for full-width grids (SPEC §2), 3 beside the filter panel. */
  columns?: 3 | 4;
  /** One level below the heading the grid sits under: h2 straight under the page's h1, h3 under a section's h2. */
  headingLevel?: 'h2' | 'h3';
}

export function ProductGrid({
  products,
  aboveTheFold = false,
  showFeaturedBadge = false,
  label,
  columns = 4,
  headingLevel = 'h3',
}: ProductGridProps) {
  const wide = columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3';
  return (
    <ul aria-label={label} className={`grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 ${wide}`}>
      {products.map((product, index) => (
        <li key={product._id} className="flex [&>*]:w-full">
          <ProductCard
            product={product}
            priority={aboveTheFold && index === 0}
            showFeaturedBadge={showFeaturedBadge}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
