import { CATEGORY_LABELS, isCategory } from '../../../shared/categories';
import { storedImageName, variantUrl } from '../../../shared/images';
import type { Product } from '../../../shared/schemas/products';
import type { ShopSettings } from '../../../shared/schemas/settings';
import { appPageTitle, matchAppPage, VARIANT_PARAM, type AppPageName } from '../../../shared/app-pages';
import { initialVariant } from '../../../shared/variants';

export const TAGLINE = 'Empowering Women, Preserving Nature';
const SHOP_DESCRIPTION =
  "Organic skincare, body care, gift sets, oils and nuts handmade by a women's cooperative in southern Zambia from the seeds of indigenous forest trees.";

/** Which screen a path shows, from the web app's own list of pages (src/shared/app-pages.ts). */
export type PageKind =
  | { kind: 'home' }
  | { kind: 'products' }
  | { kind: 'product'; id: string }
  | { kind: 'about' }
  | { kind: 'contact' }
  /** A page the browser draws (cart, checkout, account, orders, order links, the back office). */
  | { kind: 'private'; page: AppPageName; title: string }
  | { kind: 'not-found' };

export function classifyPath(pathname: string): PageKind {
  const match = matchAppPage(pathname);
  if (!match) return { kind: 'not-found' };
  switch (match.name) {
    case 'home':
    case 'products':
    case 'about':
    case 'contact':
      return { kind: match.name };
    case 'product':
      return { kind: 'product', id: match.params.id };
    default:
      return { kind: 'private', page: match.name, title: appPageTitle(match) ?? match.name };
  }
}

export interface PageMeta {
  status: number;
  title: string;
  description: string;
  canonical?: string;
  robots: string;
  ogType: 'website' | 'product';
  image?: string;
  imageAlt?: string;
  extraMeta: { property: string; content: string }[];
  jsonLd: object[];
  /** An image worth fetching before any script runs (the product photo). */
  preloadImage?: string;
}

export interface MetaInput {
  page: PageKind;
  query: URLSearchParams;
  settings: ShopSettings;
  publicUrl: string;
  /** For a product page: the product, or null when there is none. */
  product?: Product | null;
}

/** Open Graph and JSON-LD need absolute addresses; a WhatsApp preview wants a modest, sized image. */
export function absoluteImage(url: string, publicUrl: string): string {
  const sized = storedImageName(url) ? variantUrl(url, 800) : url;
  return /^https?:\/\//i.test(sized) ? sized : `${publicUrl}${sized.startsWith('/') ? '' : '/'}${sized}`;
}

export function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

export function pageTitle(title: string | null, shopName: string): string {
  return title ? `${title} | ${shopName}` : `${shopName} | ${TAGLINE}`;
}

function base(input: MetaInput, title: string | null, description: string, pathForCanonical: string | null): PageMeta {
  return {
    status: 200,
    title: pageTitle(title, input.settings.shopName),
    description,
    canonical: pathForCanonical === null ? undefined : `${input.publicUrl}${pathForCanonical}`,
    robots: 'index, follow',
    ogType: 'website',
    extraMeta: [],
    jsonLd: [],
  };
}

function productMeta(input: MetaInput, product: Product): PageMeta {
  const { publicUrl, settings } = input;
  const url = `${publicUrl}/products/${product._id}`;
  const images = (product.images.length > 0 ? product.images : [product.mainImage]).filter(Boolean);
  // A product with sizes: the size the page opens on (the one its address names), as the page draws it, so
  // a shared link's preview shows that size's price and photo, and the photo preloaded is the one drawn.
  const chosen = product.options?.length
    ? initialVariant(product.variants ?? [], input.query.get(VARIANT_PARAM))
    : undefined;
  const main = chosen?.image || product.mainImage || images[0];
  const price = (chosen?.price ?? product.price).toFixed(2);
  const inStock = (chosen?.countInStock ?? product.countInStock) > 0;
  const meta = base(
    input,
    product.name,
    clip(product.description || `${product.name} from ${settings.shopName}.`),
    `/products/${product._id}`,
  );
  meta.ogType = 'product';
  if (main) {
    meta.image = absoluteImage(main, publicUrl);
    meta.imageAlt = product.name;
    meta.preloadImage = main;
  }
  meta.extraMeta.push(
    { property: 'product:price:amount', content: price },
    { property: 'product:price:currency', content: 'ZMW' },
    { property: 'product:availability', content: inStock ? 'in stock' : 'out of stock' },
  );
  meta.jsonLd.push({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: clip(product.description, 500),
    image: images.map((image) => absoluteImage(image, publicUrl)),
    sku: chosen?.sku ?? product.sku,
    category: product.category,
    brand: { '@type': 'Brand', name: product.brand || settings.shopName },
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'ZMW',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: settings.shopName },
    },
    ...(product.numReviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.toFixed(1),
            reviewCount: product.numReviews,
          },
        }
      : {}),
  });
  return meta;
}

export function pageMeta(input: MetaInput): PageMeta {
  const { page, query, settings, publicUrl } = input;
  switch (page.kind) {
    case 'home': {
      const meta = base(input, null, `${SHOP_DESCRIPTION} ${TAGLINE}.`, '/');
      meta.jsonLd.push({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: settings.shopName,
        url: `${publicUrl}/`,
        logo: `${publicUrl}/favicon.svg`,
        email: settings.email,
        telephone: settings.phone,
        address: { '@type': 'PostalAddress', streetAddress: settings.address, addressCountry: 'ZM' },
        sameAs: [settings.facebookUrl, settings.instagramUrl, settings.linkedinUrl].filter(Boolean),
      });
      return meta;
    }
    case 'products': {
      const category = query.get('category');
      if (isCategory(category)) {
        const label = CATEGORY_LABELS[category];
        return base(
          input,
          `${label} Products`,
          `${label} from ${settings.shopName}: ${SHOP_DESCRIPTION}`,
          `/products?category=${category}`,
        );
      }
      return base(input, 'Our Products', `Shop all products of ${settings.shopName}. ${SHOP_DESCRIPTION}`, '/products');
    }
    case 'product': {
      if (input.product) return productMeta(input, input.product);
      const meta = base(
        input,
        'Product Not Found',
        'The product you are looking for does not exist or has been removed.',
        null,
      );
      return { ...meta, status: 404, robots: 'noindex' };
    }
    case 'about':
      return base(
        input,
        'About Us',
        `The story, mission, values and team of ${settings.shopName}, founded in 2022 by five women in southern Zambia.`,
        '/about',
      );
    case 'contact':
      return base(
        input,
        'Contact Us',
        `Contact ${settings.shopName}: ${settings.email}, ${settings.phone}, ${settings.address}.`,
        '/contact',
      );
    case 'private':
      return { ...base(input, page.title, SHOP_DESCRIPTION, null), robots: 'noindex, nofollow' };
    case 'not-found':
      return { ...base(input, 'Page not found', SHOP_DESCRIPTION, null), status: 404, robots: 'noindex' };
  }
}
