import Leaf from 'lucide-react/icons/leaf';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useParams } from '../../../lib/router';
import { Badge } from '../../../components/ui/badge';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Button, ButtonLink } from '../../../components/ui/button';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { Spinner } from '../../../components/ui/spinner';
import { StarRating } from '../../../components/ui/star-rating';
import { categoryDisplayName } from '../../../../shared/categories';
import { productOrderText } from '../../../../shared/whatsapp';
import { OrderOnWhatsApp } from '../../../components/ui/order-on-whatsapp';
import { ApiError } from '../../../lib/api-client';
import { formatKwacha } from '../../../lib/format';
import { usePageData } from '../../../lib/initial-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCart } from '../../cart';
import { useProduct, type Product } from '../api';
import { ProductGallery } from '../detail/product-gallery';
import { ProductTabs } from '../detail/product-tabs';
import { RelatedProducts } from '../detail/related-products';

function ProductNotFound() {
  useDocumentTitle('Product Not Found');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="mb-3 text-3xl font-bold">Product Not Found</h1>
      <p className="mb-8 text-bark-700">The product you are looking for does not exist or has been removed.</p>
      <ButtonLink to="/products">Return to Products</ButtonLink>
    </div>
  );
}

/** How often a product that could not be fetched is asked for again while the phone says it is online. */
const RETRY_WHILE_ONLINE_MS = 5_000;

/**
 * Offline, a product never opened on this phone has no copy (the worker keeps what was seen): it is not
 * gone from the shop, so this says so, and opens it by itself once the connection is back. The 'online'
 * event is not always sent (nor is every "online" usable at once), so it is also asked again now and
 * then while the phone says it has a network; with none, nothing is sent.
 */
function ProductNotSaved({ retry }: { retry: () => void }) {
  useDocumentTitle('Not saved on this phone');
  useEffect(() => {
    const again = () => {
      if (navigator.onLine) retry();
    };
    window.addEventListener('online', again);
    const timer = window.setInterval(again, RETRY_WHILE_ONLINE_MS);
    return () => {
      window.removeEventListener('online', again);
      window.clearInterval(timer);
    };
  }, [retry]);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <WifiOff size={40} aria-hidden="true" className="mx-auto mb-4 text-bark-600" />
      <h1 className="mb-3 text-3xl font-bold">Not saved on this phone</h1>
      <p className="mb-8 text-bark-700">
        This product is not saved on this phone yet, and there is no connection. It will open when you are back online.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={retry}>
          Try again
        </Button>
        <ButtonLink to="/products">Return to Products</ButtonLink>
      </div>
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  useDocumentTitle(product.name);
  const { addItem } = useCart();
  const { origin } = usePageData();
  const [quantity, setQuantity] = useState(1);
  const inStock = product.countInStock > 0;
  const image = product.mainImage || product.image || product.images[0] || '';

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <Breadcrumb
        items={[
          { label: 'Home', to: '/' },
          { label: 'Products', to: '/products' },
          {
            label: categoryDisplayName(product.category),
            to: `/products?category=${encodeURIComponent(product.category)}`,
          },
          { label: product.name },
        ]}
      />
      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery images={product.images} mainImage={image} name={product.name} />
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">{product.name}</h1>
          <p className="mt-3 text-2xl font-bold text-forest-800 tabular-nums">{formatKwacha(product.price)}</p>
          <p className="mt-3 flex flex-wrap items-center gap-2 text-bark-700">
            <StarRating rating={product.rating} />
            <span>
              {product.rating.toFixed(1)} ({product.numReviews} {product.numReviews === 1 ? 'review' : 'reviews'})
            </span>
          </p>
          {product.size && <p className="mt-2 text-bark-700">Size: {product.size}</p>}
          <p className="mt-5 whitespace-pre-line text-bark-700">{product.description}</p>
          <div className="mt-6">
            <Badge tone={inStock ? 'green' : 'red'}>{inStock ? 'In Stock' : 'Out of Stock'}</Badge>
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <QuantityStepper value={quantity} onChange={setQuantity} label={product.name} disabled={!inStock} />
            <Button
              size="lg"
              disabled={!inStock}
              className="flex-1 sm:flex-none"
              onClick={() => addItem({ id: product._id, name: product.name, price: product.price, image }, quantity)}
            >
              <ShoppingBag size={20} aria-hidden="true" />
              Add to Cart
            </Button>
          </div>
          {inStock && (
            <OrderOnWhatsApp
              className="mt-3"
              message={(shopName) =>
                productOrderText(shopName, {
                  name: product.name,
                  price: product.price,
                  quantity,
                  url: `${origin}/products/${product._id}`,
                })
              }
            />
          )}
          <p className="mt-5 flex items-center gap-2 font-medium text-forest-800">
            <Leaf size={18} aria-hidden="true" />
            100% Organic &amp; Sustainable
          </p>
        </div>
      </div>
      <ProductTabs product={product} />
      <RelatedProducts productId={product._id} />
    </div>
  );
}

export function ProductDetailPage() {
  const { id } = useParams();
  const productId = id?.trim() ?? '';
  const { data, isPending, isError, error, refetch } = useProduct(productId);
  const retry = useCallback(() => void refetch(), [refetch]);
  const { absent } = usePageData();
  if (!productId) return <Navigate to="/products" replace />;
  if (isPending && absent(`product:${productId}`)) return <ProductNotFound />;
  if (isPending) return <Spinner label="Loading product" className="min-h-[50vh]" />;
  if (isError && error instanceof ApiError && error.kind === 'network') return <ProductNotSaved retry={retry} />;
  if (isError || !data) return <ProductNotFound />;
  // Remount per product so the quantity and chosen image start fresh when a related product is opened.
  return <ProductDetail key={data._id} product={data} />;
}
