import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storedImageName } from '../../../../shared/images';
import type { ProductImportInput, ProductImportReport } from '../../../../shared/schemas/product-import';
import type { LowStockList, Product, ProductInput } from '../../../../shared/schemas/products';
import type { uploadedImageSchema } from '../../../../shared/schemas/uploads';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { postJsonWithProgress, uploadWithProgress } from '../../../lib/upload-with-progress';
import { DASHBOARD_QUERY_KEY } from '../dashboard/api';

/** SPEC §9: the back office lists products ten at a time. */
const ADMIN_PRODUCTS_PAGE_SIZE = 10;

export interface AdminProductSearch {
  keyword: string;
  page: number;
  /** Only products at or below their low-stock level, fewest left first. */
  lowStock?: boolean;
}

const productsRoot = ['admin', 'products'] as const;

/** Every screen that shows products: the storefront's lists and the dashboard's product count too. */
export function useRefreshProducts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: productsRoot });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
  };
}

/**
 * Every product, in stock or not (the list route does not filter on stock), newest first; or only the low
 * ones, where a product with sizes names the sizes that are low (`lowVariants`).
 */
export function useAdminProducts(search: AdminProductSearch) {
  return useQuery({
    queryKey: [...productsRoot, search],
    queryFn: ({ signal }) =>
      apiRequest<LowStockList>(search.lowStock ? '/products/low-stock' : '/products', {
        query: { keyword: search.keyword.trim(), page: search.page, limit: ADMIN_PRODUCTS_PAGE_SIZE },
        signal,
      }),
    // The table keeps the last page on screen while the next one loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** One product as its page has it: with a product's variants and a set's parts (the list has neither). */
export const adminProductKey = (id: string) => [...productsRoot, 'one', id] as const;

/** Read once wanted: the editor's Sizes and Gift set tabs, and the list's "3 sizes" of a product with options. */
export function useAdminProduct(id: string | null, wanted = true) {
  return useQuery({
    queryKey: adminProductKey(id ?? ''),
    queryFn: ({ signal }) => apiRequest<Product>(`/products/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null && wanted,
    meta: { errorToast: false },
  });
}

/** The server's own reason, when it gave one, shown under the spec's message. */
export function serverReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'http') return undefined;
  const data = error.data as { message?: unknown } | null;
  return typeof data?.message === 'string' && data.message ? data.message : undefined;
}

export function useSaveProduct() {
  const refresh = useRefreshProducts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProductInput }) =>
      id
        ? apiRequest<Product, ProductInput>(`/products/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : apiRequest<Product, ProductInput>('/products', { method: 'POST', body: input }),
    meta: { errorToast: false },
    onSuccess: (product, { id }) => {
      toast.success(id ? 'Product updated successfully' : 'Product created successfully');
      queryClient.setQueryData(adminProductKey(product._id), product);
      refresh();
    },
    onError: (error) => toast.error('Failed to save product', { description: serverReason(error) }),
  });
}

/** The server also removes the product's image files (those no other product shows): nothing more to do here. */
export function useDeleteProduct() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    meta: { errorToast: false },
    onSuccess: () => {
      toast.success('Product deleted successfully');
      refresh();
    },
    onError: (error) => toast.error('Failed to delete product', { description: serverReason(error) }),
  });
}

export function uploadProductImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  return uploadWithProgress<z.infer<typeof uploadedImageSchema>>({
    path: '/upload',
    field: 'image',
    files: [file],
    onProgress,
    signal,
  }).then((answer) => answer.imageUrl);
}

/**
 * Removes an uploaded file no product uses. Housekeeping: a failure is logged, never shown. `asPageGoes`:
 * sent while the tab closes or reloads, so the request must outlive the page.
 */
export function deleteUploadedImage(url: string, { asPageGoes = false } = {}): void {
  const name = storedImageName(url);
  if (!name) return;
  apiRequest(`/upload/${encodeURIComponent(name)}`, { method: 'DELETE', keepalive: asPageGoes }).catch(
    (error: unknown) => console.warn(`Failed to delete image ${name}`, error),
  );
}

/**
 * The CSV import: a dry run reports each row; a real run writes all or nothing. Sent with
 * progress, since a file of thousands of products takes a while to go up a slow line.
 */
export function useImportProducts() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: ({
      csv,
      dryRun,
      onProgress,
    }: {
      csv: string;
      dryRun: boolean;
      onProgress: (fraction: number) => void;
    }) =>
      postJsonWithProgress<ProductImportReport, ProductImportInput>(
        '/products/import',
        { csv, dryRun },
        { onProgress },
      ),
    meta: { errorToast: false },
    onSuccess: (report) => {
      if (report.applied) refresh();
    },
  });
}
