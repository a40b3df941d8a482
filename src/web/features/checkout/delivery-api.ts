import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PublicDeliveryOption } from '../../../shared/schemas/delivery';
import type { DeliveryRule } from '../../../shared/money';
import { toNgwee } from '../../../shared/money';
import { apiRequest } from '../../lib/api-client';

/** A town typed letter by letter is asked for once the typing pauses. */
function useSettled(value: string, ms = 400): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The options that serve the address, cheapest first for this subtotal (GET /delivery-options). */
export function useDeliveryOptionsFor(province: string, town: string, subtotal: number) {
  const settledTown = useSettled(town.trim());
  return useQuery({
    queryKey: ['delivery-options', province, settledTown.toLowerCase(), subtotal],
    queryFn: ({ signal }) =>
      apiRequest<{ options: PublicDeliveryOption[] }>(
        `/delivery-options?${new URLSearchParams({ province, town: settledTown, subtotal: String(subtotal) })}`,
        { signal },
      ),
    enabled: province !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { errorToast: false },
  });
}

export const ruleOf = (option: Pick<PublicDeliveryOption, 'fee' | 'freeAbove'>): DeliveryRule => ({
  feeNgwee: toNgwee(option.fee),
  freeAboveNgwee: option.freeAbove === null ? null : toNgwee(option.freeAbove),
});

/** What the checkout sends and prices with: the chosen option's id and its rule. */
export interface ChosenOption {
  id: string;
  rule: DeliveryRule;
}
