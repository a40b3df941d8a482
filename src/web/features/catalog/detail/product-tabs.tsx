import { Tabs } from 'radix-ui';
import { StarRating } from '../../../components/ui/star-rating';
import { formatDate } from '../../../lib/format';
import type { Product } from '../api';
import { ReviewForm } from './review-form';

const NOT_AVAILABLE = 'Information not available';

function Detail({ title, text }: { title: string; text: string | null | undefined }) {
  return (
    <div>
      <h2 className="font-sans text-base font-bold text-bark-900">{title}</h2>
      <p className="mt-1 whitespace-pre-line text-bark-700">{text?.trim() || NOT_AVAILABLE}</p>
    </div>
  );
}

const trigger =
  'min-h-11 flex-1 border-b-4 border-transparent px-2 text-sm font-semibold sm:text-base text-bark-700 hover:text-forest-800 data-[state=active]:border-forest-700 data-[state=active]:text-forest-900 sm:flex-none sm:px-5';

/** `size`: the chosen size's, for a product with options (the product's own is its default's). */
export function ProductTabs({ product, size }: { product: Product; size: string | null }) {
  return (
    <Tabs.Root defaultValue="details" className="mt-12">
      <Tabs.List aria-label="Product information" className="flex border-b border-sand-200">
        <Tabs.Trigger value="details" className={trigger}>
          Details
        </Tabs.Trigger>
        <Tabs.Trigger value="how-to-use" className={trigger}>
          How to Use
        </Tabs.Trigger>
        <Tabs.Trigger value="reviews" className={trigger}>
          Reviews ({product.numReviews})
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="details" className="max-w-3xl space-y-5 py-6">
        <Detail title="Ingredients" text={product.ingredients} />
        <Detail title="Benefits" text={product.benefits} />
        <Detail title="Size" text={size} />
      </Tabs.Content>
      <Tabs.Content value="how-to-use" className="max-w-3xl py-6">
        <p className="whitespace-pre-line text-bark-700">{product.howToUse?.trim() || NOT_AVAILABLE}</p>
      </Tabs.Content>
      <Tabs.Content value="reviews" className="max-w-3xl py-6">
        {product.reviews.length === 0 ? (
          <p className="text-bark-700">No reviews yet. Be the first to review this product!</p>
        ) : (
          <ul className="space-y-4">
            {product.reviews.map((review) => (
              <li key={review._id} className="rounded-2xl border border-sand-200 bg-white p-5">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-bold text-bark-900">{review.name}</p>
                  <p className="text-sm text-bark-600">
                    <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                  </p>
                </div>
                <StarRating rating={review.rating} size={16} label={`${review.rating} out of 5 stars`} />
                <p className="mt-2 whitespace-pre-line text-bark-700">{review.comment}</p>
              </li>
            ))}
          </ul>
        )}
        <ReviewForm productId={product._id} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
