import { z } from 'zod';
import { newShippingAddressSchema } from '../../../shared/schemas/orders';
import { PAYMENT_METHODS } from '../../../shared/order-status';

/** SPEC §5: the checkout messages are exact; the address rules are the server's own. */
export const checkoutFormSchema = newShippingAddressSchema.extend({
  firstName: z.string().trim().min(2, 'First name is required'),
  lastName: z.string().trim().min(2, 'Last name is required'),
  email: z.string().trim().pipe(z.email('Invalid email address')),
  paymentMethod: z.enum(PAYMENT_METHODS),
});

/** A customer who opened the account with a phone number has no e-mail: it may stay empty (it is not sent). */
export const checkoutFormWithoutEmailSchema = checkoutFormSchema.extend({
  email: z.string().trim().pipe(z.union([z.literal(''), z.email('Invalid email address')])),
});

export type CheckoutForm = z.infer<typeof checkoutFormSchema>;
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
