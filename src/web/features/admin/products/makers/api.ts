import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductMakers, ProductMakersInput } from '../../../../../shared/schemas/members';
import { apiRequest } from '../../../../lib/api-client';

const makersKey = (productId: string) => ['admin', 'products', 'makers', productId] as const;

/** Who made the product and its makers' percent (a new product has none yet: nothing to read), once asked for. */
export function useProductMakers(productId: string | null, wanted: boolean) {
  return useQuery({
    queryKey: makersKey(productId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<ProductMakers>(`/products/${encodeURIComponent(productId!)}/makers`, { signal }),
    enabled: productId !== null && wanted,
    meta: { errorToast: false },
  });
}

/** Saved apart from the product's own fields (PUT replaces the whole list); a refusal is shown in the tab. */
export function useSaveProductMakers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, input }: { productId: string; input: ProductMakersInput }) =>
      apiRequest<ProductMakers, ProductMakersInput>(`/products/${encodeURIComponent(productId)}/makers`, {
        method: 'PUT',
        body: input,
      }),
    meta: { errorToast: false },
    onSuccess: (saved) => queryClient.setQueryData(makersKey(saved.productId), saved),
  });
}
