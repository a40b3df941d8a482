import { useQuery } from '@tanstack/react-query';
import type { Product, ProductList, ProductSummary, SetPart, Variant } from '../../../shared/schemas/products';
import { apiRequest, buildQueryString } from '../../lib/api-client';
import { pageLoadedAt, usePageData } from '../../lib/initial-data';
import { isRecord } from '../../lib/storage';

export type { Product, ProductList, ProductSummary, SetPart, Variant };

export interface ProductListParams {
  keyword?: string;
  category?: string;
  page: number;
  limit?: number;
  minPrice?: number;
  maxPrice?: number;
}

export const catalogKeys = {
  list: (params: ProductListParams) => ['products', 'list', params] as const,
  featured: ['products', 'featured'] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  related: (id: string) => ['products', 'related', id] as const,
};

/** The listing's API address, also what the server fetches to draw the listing (src/web/entry-server.tsx). */
export function productListPath(params: ProductListParams): string {
  return `/products${buildQueryString({ ...params })}`;
}

/** A listing's key among the page's embedded data. */
export const productListDataKey = (params: ProductListParams) => `products:${productListPath(params)}` as const;

const isProductList = (value: unknown) =>
  isRecord(value) && Array.isArray(value.products) && typeof value.page === 'number';
const isProduct = (value: unknown) => isRecord(value) && typeof value._id === 'string' && Array.isArray(value.reviews);
const isProductArray = (value: unknown) =>
  Array.isArray(value) && value.every((item) => isRecord(item) && typeof item._id === 'string');

export function useProductList(params: ProductListParams) {
  const pageData = usePageData();
  return useQuery({
    queryKey: catalogKeys.list(params),
    queryFn: ({ signal }) => apiRequest<ProductList>(productListPath(params), { signal, publicRead: true }),
    initialData: () => pageData.take<ProductList>(productListDataKey(params), isProductList),
    initialDataUpdatedAt: pageLoadedAt,
    // The listing shows its own failure text.
    meta: { errorToast: false },
  });
}

export function useFeaturedProducts() {
  const pageData = usePageData();
  return useQuery({
    queryKey: catalogKeys.featured,
    queryFn: ({ signal }) => apiRequest<ProductSummary[]>('/products/featured', { signal, publicRead: true }),
    initialData: () => pageData.take<ProductSummary[]>('featured', isProductArray),
    initialDataUpdatedAt: pageLoadedAt,
    meta: { errorToast: 'Failed to fetch featured products' },
  });
}

export function useProduct(id: string) {
  const pageData = usePageData();
  return useQuery({
    queryKey: catalogKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Product>(`/products/${encodeURIComponent(id)}`, { signal, publicRead: true }),
    enabled: id.length > 0,
    initialData: () => pageData.take<Product>(`product:${id}`, isProduct),
    initialDataUpdatedAt: pageLoadedAt,
    // With no network at all the page itself says the product is not saved on this phone: no red toast too.
    meta: {
      errorToast: typeof navigator !== 'undefined' && !navigator.onLine ? false : 'Failed to load product details.',
    },
  });
}

export function useRelatedProducts(id: string, enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.related(id),
    queryFn: ({ signal }) =>
      apiRequest<ProductSummary[]>(`/products/${encodeURIComponent(id)}/related`, { signal, publicRead: true }),
    enabled,
    // "You might also like" is a bonus: when it fails the section simply stays away.
    meta: { errorToast: false },
  });
}
