import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryOption, DeliveryOptionInput } from '../../../../shared/schemas/delivery';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['admin', 'delivery-options'] as const;

export function useDeliveryOptions() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest<{ options: DeliveryOption[] }>('/delivery-options/all', { signal }),
    meta: { errorToast: false },
  });
}

/** Adds (no id) or replaces (an id) one option; the list is read again after. */
export function useSaveDeliveryOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: DeliveryOptionInput }) =>
      apiRequest<DeliveryOption, DeliveryOptionInput>(
        id ? `/delivery-options/${encodeURIComponent(id)}` : '/delivery-options',
        { method: id ? 'PUT' : 'POST', body: input },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** An option as the form writes it back (PUT replaces the whole option). */
export const inputOf = (option: DeliveryOption): DeliveryOptionInput => ({
  name: option.name,
  kind: option.kind,
  provinces: option.provinces,
  towns: option.towns,
  fee: option.fee,
  freeAbove: option.freeAbove,
  estimate: option.estimate,
  openingHours: option.openingHours,
  directions: option.directions,
  active: option.active,
  position: option.position,
  payOnCollection: option.payOnCollection,
});
