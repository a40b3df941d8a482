import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { Link } from '../../../lib/router';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ProductImage } from '../../../components/ui/product-image';
import { formatKwacha } from '../../../lib/format';
import { SameOnEveryPage } from '../../../lib/server-fragments';
import { useCart } from '../../cart';
import type { ProductSummary } from '../api';

interface ProductCardProps {
  product: ProductSummary;
  /** The first card visible without scrolling gets its image first. */
  priority?: boolean;
  showFeaturedBadge?: boolean;
  headingLevel?: 'h2' | 'h3';
}

const CARD_IMAGE_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 45vw, 50vw';

/** "Choose size" for a product with one option ("Size"), "Choose" for two: the card cannot tell which is wanted. */
function chooseText(options: readonly string[]): string {
  return options.length === 1 ? `Choose ${options[0].toLowerCase()}` : 'Choose';
}

export function ProductCard(props: ProductCardProps) {
  const { product, priority = false, showFeaturedBadge = false, headingLevel = 'h3' } = props;
  // On the server, drawn once for this product as it is now, then kept for every listing that shows it.
  const drawnFrom = () => `card ${priority} ${showFeaturedBadge} ${headingLevel} ${JSON.stringify(product)}`;
  return (
    <SameOnEveryPage id={drawnFrom}>
      <Card {...props} />
    </SameOnEveryPage>
  );
}

function Card({
  product,
  priority = false,
  showFeaturedBadge = false,
  headingLevel: Heading = 'h3',
}: ProductCardProps) {
  const { addItem } = useCart();
  const href = `/products/${product._id}`;
  const image = product.mainImage || product.image || product.images[0] || '';
  const outOfStock = product.countInStock <= 0;
  const options = product.options && product.options.length > 0 ? product.options : undefined;
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="relative block">
        <ProductImage
          url={image}
          alt=""
          sizes={CARD_IMAGE_SIZES}
          priority={priority}
          width={400}
          height={400}
          className="aspect-square w-full"
        />
        {showFeaturedBadge && product.isFeatured && (
          <Badge tone="amber" className="absolute top-2 left-2">
            Featured
          </Badge>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <Heading className="font-sans text-base leading-snug font-semibold text-bark-900">
          <Link to={href} className="underline-offset-4 hover:text-forest-800 hover:underline">
            {product.name}
          </Link>
        </Heading>
        {/* A product with options: the size is chosen on its page (the summary's size is only the default's). */}
        {product.size && !options && <p className="text-sm text-bark-600">{product.size}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <p className="font-semibold text-forest-800 tabular-nums">
            {product.priceFrom !== undefined ? (
              <>
                <span className="text-sm font-normal text-bark-700">from </span>
                {formatKwacha(product.priceFrom)}
              </>
            ) : (
              formatKwacha(product.price)
            )}
          </p>
          {options && !outOfStock ? (
            // Never the default size added unasked: the button opens the page where the size is chosen.
            <ButtonLink to={href} size="sm" aria-label={`${chooseText(options)} of ${product.name}`}>
              {chooseText(options)}
            </ButtonLink>
          ) : (
            <Button
              size="sm"
              onClick={() => addItem({ id: product._id, name: product.name, price: product.price, image }, 1)}
              disabled={outOfStock}
              aria-label={outOfStock ? `${product.name} is out of stock` : `Add ${product.name} to cart`}
            >
              <ShoppingBag size={16} aria-hidden="true" />
              {outOfStock ? 'Sold out' : 'Add'}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
