import Leaf from 'lucide-react/icons/leaf';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useParams, useSearchParams } from '../../../lib/router';
import { Badge } from '../../../components/ui/badge';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Button, ButtonLink } from '../../../components/ui/button';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { Spinner } from '../../../components/ui/spinner';
import { StarRating } from '../../../components/ui/star-rating';
import { categoryDisplayName } from '../../../../shared/categories';
import { productPagePath, VARIANT_PARAM } from '../../../../shared/app-pages';
import { initialVariant, nameWithVariant } from '../../../../shared/variants';
import { productOrderText } from '../../../../shared/whatsapp';
import { OrderOnWhatsApp } from '../../../components/ui/order-on-whatsapp';
import { ApiError } from '../../../lib/api-client';
import { formatKwacha } from '../../../lib/format';
import { usePageData } from '../../../lib/initial-data';
import { SameOnEveryPage } from '../../../lib/server-fragments';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCart } from '../../cart';
import { useProduct, type Product, type Variant } from '../api';
import { ProductGallery } from '../detail/product-gallery';
import { ProductTabs } from '../detail/product-tabs';
import { RelatedProducts } from '../detail/related-products';
import { SetParts } from '../detail/set-parts';
import { VariantPicker } from '../detail/variant-picker';

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

/**
 * The size (variant) shown, for a product with options (docs/decisions/067-sizes-and-sets.md): the one the
 * address names (`?variant=`), else initialVariant's choice, so the server and the browser draw the same
 * size. A size chosen is written into the address, replacing the entry (no history per tap), so a link
 * shared or a reload opens that size, drawn by the server.
 */
function useChosenVariant(product: Product) {
  const variants = useMemo(() => (product.options?.length ? (product.variants ?? []) : []), [product]);
  const [searchParams, setSearchParams] = useSearchParams();
  const named = searchParams.get(VARIANT_PARAM);
  const [chosenId, setChosenId] = useState(() => initialVariant(variants, named)?._id);
  // The address changed from elsewhere (a link to another size of this product): that size.
  useEffect(() => {
    const wanted = named?.toLowerCase();
    const match = wanted ? variants.find((v) => v._id.toLowerCase() === wanted) : undefined;
    if (match) setChosenId(match._id);
  }, [named, variants]);
  // A size removed since the page was drawn: the one the page would open on now.
  const chosen = variants.find((v) => v._id === chosenId) ?? initialVariant(variants, null);
  const choose = useCallback(
    (variant: Variant) => {
      setChosenId(variant._id);
      setSearchParams(
        (current) => {
          current.set(VARIANT_PARAM, variant._id);
          return current;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return { variants, chosen, choose };
}

function ProductDetail({ product }: { product: Product }) {
  useDocumentTitle(product.name);
  const { addItem } = useCart();
  const { origin } = usePageData();
  const { variants, chosen, choose } = useChosenVariant(product);
  const [quantity, setQuantity] = useState(1);
  const productImage = product.mainImage || product.image || product.images[0] || '';
  // A product with options shows, sells and counts the chosen size; a plain product (and a set) itself.
  const price = chosen?.price ?? product.price;
  const stock = chosen?.countInStock ?? product.countInStock;
  const image = chosen?.image || productImage;
  const name = chosen ? nameWithVariant(product.name, chosen.label) : product.name;
  const size = chosen ? chosen.size : product.size;
  const inStock = stock > 0;

  const chooseVariant = (variant: Variant) => {
    choose(variant);
    setQuantity((current) => Math.min(current, Math.max(1, variant.countInStock)));
  };

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
        {/* Keyed by the main image, so a size with its own photo opens on it. */}
        <ProductGallery key={image} images={product.images} mainImage={image} name={product.name} />
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">{product.name}</h1>
          <p className="mt-3 text-2xl font-bold text-forest-800 tabular-nums">{formatKwacha(price)}</p>
          <p className="mt-3 flex flex-wrap items-center gap-2 text-bark-700">
            <StarRating rating={product.rating} />
            <span>
              {product.rating.toFixed(1)} ({product.numReviews} {product.numReviews === 1 ? 'review' : 'reviews'})
            </span>
          </p>
          {/* A size that only repeats the chosen value ("250 ml") is not written twice. */}
          {size && size !== chosen?.label && <p className="mt-2 text-bark-700">Size: {size}</p>}
          <p className="mt-5 whitespace-pre-line text-bark-700">{product.description}</p>
          {product.setParts && <SetParts parts={product.setParts} />}
          {chosen && product.options && (
            <VariantPicker options={product.options} variants={variants} chosen={chosen} onChoose={chooseVariant} />
          )}
          <div className="mt-6">
            <Badge tone={inStock ? 'green' : 'red'}>{inStock ? 'In Stock' : 'Out of Stock'}</Badge>
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              label={name}
              max={Math.max(1, stock)}
              disabled={!inStock}
            />
            <Button
              size="lg"
              disabled={!inStock}
              className="flex-1 sm:flex-none"
              onClick={() =>
                addItem(
                  chosen
                    ? { id: product._id, variant: chosen._id, name, price, image }
                    : { id: product._id, name, price, image },
                  quantity,
                )
              }
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
                  name,
                  price,
                  quantity,
                  url: `${origin}${productPagePath(product._id, chosen?._id)}`,
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
      <ProductTabs product={product} size={size} />
      <RelatedProducts productId={product._id} />
    </div>
  );
}

/**
 * On the server, the product's part of its page is drawn once for the product as it is now and the
 * size the address names (the only state it opens with), then kept.
 */
function ProductDetailOnce({ product }: { product: Product }) {
  const { origin } = usePageData();
  const [searchParams] = useSearchParams();
  const drawnFrom = () => {
    const variants = product.options?.length ? (product.variants ?? []) : [];
    const chosen = initialVariant(variants, searchParams.get(VARIANT_PARAM))?._id ?? '';
    return `product ${origin} ${chosen} ${JSON.stringify(product)}`;
  };
  return (
    <SameOnEveryPage id={drawnFrom}>
      <ProductDetail product={product} />
    </SameOnEveryPage>
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
  return <ProductDetailOnce key={data._id} product={data} />;
}
