import { z } from 'zod';
import { emailSchema, text } from './common';

/** The shop's identity and payment numbers: shown in the footer, contact page, payment instructions and e-mails. */
export const shopSettingsSchema = z.object({
  shopName: text(120, 'shopName').min(1),
  email: emailSchema,
  phone: text(40, 'phone'),
  address: text(300, 'address'),
  airtelMoneyNumber: text(40, 'airtelMoneyNumber'),
  mtnMoneyNumber: text(40, 'mtnMoneyNumber'),
  paymentAccountName: text(120, 'paymentAccountName'),
  facebookUrl: z.union([z.url(), z.literal('')]),
  instagramUrl: z.union([z.url(), z.literal('')]),
  linkedinUrl: z.union([z.url(), z.literal('')]),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const updateShopSettingsSchema = shopSettingsSchema.partial();
