import { z } from 'zod';
import { newShippingAddressSchema } from '../../../shared/schemas/orders';
import { PAYMENT_METHODS } from '../../../shared/order-status';
import { withNameRule } from '../../../shared/person-name';

/** SPEC §5: the checkout messages are exact; the address rules are the server's own. */
export const checkoutFormSchema = newShippingAddressSchema.extend({
  firstName: withNameRule(z.string().trim(), 'First name', 2),
  lastName: withNameRule(z.string().trim(), 'Last name', 2),
  email: z.string().trim().pipe(z.email('Invalid email address')),
  paymentMethod: z.enum(PAYMENT_METHODS),
});

/** A customer who opened the account with a phone number has no e-mail: it may stay empty (it is not sent). */
export const checkoutFormWithoutEmailSchema = checkoutFormSchema.extend({
  email: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), z.email('Invalid email address')])),
});

export type CheckoutForm = z.infer<typeof checkoutFormSchema>;
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
