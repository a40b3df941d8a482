import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, SetPartsInput, VariantsInput } from '../../../../shared/schemas/products';
import { apiRequest } from '../../../lib/api-client';
import { adminProductKey, useRefreshProducts } from './api';

/**
 * PUT /products/{id}/variants or /set-parts: the whole list each time. The answer is the product as it now
 * is (its stock the variants' sum, or what the parts allow), kept for the editor and the list.
 */
function useSaveMakeUp<TInput extends VariantsInput | SetPartsInput>(path: 'variants' | 'set-parts') {
  const queryClient = useQueryClient();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: ({ productId, input }: { productId: string; input: TInput }) =>
      apiRequest<Product, TInput>(`/products/${encodeURIComponent(productId)}/${path}`, { method: 'PUT', body: input }),
    meta: { errorToast: false },
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductKey(product._id), product);
      refresh();
    },
  });
}

export const useSaveVariants = () => useSaveMakeUp<VariantsInput>('variants');
export const useSaveSetParts = () => useSaveMakeUp<SetPartsInput>('set-parts');
