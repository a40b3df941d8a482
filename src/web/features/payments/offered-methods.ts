import { useQuery } from '@tanstack/react-query';
import { ALWAYS_OFFERED, type PaymentMethod } from '../../../shared/payment-methods';
import { paymentMethodsQuery } from './api';

/**
 * The methods checkout offers, in its order (the server's GET /payments/methods). Until it answers, or if
 * it cannot, the ones every shop offers (each can be paid by hand); the server refuses any other anyway.
 */
export function useOfferedMethods(): readonly PaymentMethod[] {
  const methods = useQuery(paymentMethodsQuery);
  return methods.data?.offered ?? ALWAYS_OFFERED;
}
