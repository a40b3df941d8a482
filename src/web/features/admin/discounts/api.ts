import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Discount, DiscountInput } from '../../../../shared/schemas/discounts';
import { apiRequest } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { toast } from '../../../lib/toast';

const DISCOUNTS_QUERY = ['admin', 'discounts'] as const;

export function useDiscounts() {
  return useQuery({
    queryKey: DISCOUNTS_QUERY,
    queryFn: ({ signal }) => apiRequest<{ discounts: Discount[] }>('/discounts', { signal }),
    meta: { errorToast: false },
  });
}

/** Makes a code (no id) or replaces one's definition; the list is read again either way. */
export function useSaveDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: DiscountInput }) =>
      apiRequest<Discount, DiscountInput>(id ? `/discounts/${encodeURIComponent(id)}` : '/discounts', {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    meta: { errorToast: false },
    onSuccess: (saved, { id }) => toast.success(id ? `${saved.code} saved` : `${saved.code} made`),
    onError: (error) => toast.error(failureMessage(error, 'Failed to save the code')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DISCOUNTS_QUERY }),
  });
}

/** The definition of a code as the form and the switch send it back. */
export function inputOf(d: Discount): DiscountInput {
  return {
    code: d.code,
    description: d.description,
    kind: d.kind,
    value: d.value,
    minSubtotal: d.minSubtotal,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    maxUses: d.maxUses,
    maxUsesPerCustomer: d.maxUsesPerCustomer,
    productIds: d.productIds,
    categories: d.categories,
    isActive: d.isActive,
  };
}
