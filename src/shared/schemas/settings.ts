import { z } from 'zod';
import { emailSchema, text } from './common';
import { lowStockThresholdSchema } from './products';
import { readZambianMobile } from '../phone-numbers';

/** Empty, or a Zambian mobile number in any written form (stored as typed; read with readZambianMobile). */
function zambianMobileOrEmpty(label: string) {
  return text(40, label).refine((v) => v === '' || readZambianMobile(v).ok, {
    message: `${label} must be empty or a Zambian mobile number such as +260 97 123 4567`,
  });
}

/** A link shown to shoppers: empty, or an http(s) address (never javascript: or data:). */
function webAddress(label: string) {
  return text(300, label).refine((v) => v === '' || (/^https?:\/\/\S+$/i.test(v) && URL.canParse(v)), {
    message: `${label} must be empty or a web address starting with https://`,
  });
}

/** The shop's identity and payment numbers: shown in the footer, contact page, payment instructions and e-mails. */
export const shopSettingsSchema = z.object({
  shopName: text(120, 'shopName').min(1, 'shopName cannot be empty'),
  email: emailSchema,
  phone: text(40, 'phone'),
  address: text(300, 'address'),
  airtelMoneyNumber: text(40, 'airtelMoneyNumber'),
  mtnMoneyNumber: text(40, 'mtnMoneyNumber'),
  paymentAccountName: text(120, 'paymentAccountName'),
  facebookUrl: webAddress('facebookUrl'),
  instagramUrl: webAddress('instagramUrl'),
  linkedinUrl: webAddress('linkedinUrl'),
  /** Products at or below this stock are low (unless a product has its own level); the shop gets a digest e-mail. */
  lowStockThreshold: lowStockThresholdSchema,
  /** The co-op's WhatsApp number for "Order on WhatsApp" (empty: the link is not offered). */
  whatsappNumber: zambianMobileOrEmpty('whatsappNumber'),
  /** A phone that gets an SMS for each new order (empty: none). */
  orderSmsNumber: zambianMobileOrEmpty('orderSmsNumber'),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const updateShopSettingsSchema = shopSettingsSchema.partial();
export type ShopSettingsUpdate = z.input<typeof updateShopSettingsSchema>;
