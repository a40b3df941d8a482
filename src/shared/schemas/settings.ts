import { z } from 'zod';
import { emailSchema, text } from './common';
import { lowStockThresholdSchema } from './products';
import { returnRulesSchema, returnWindowDaysSchema } from './returns';
import {
  exampleNumberOf,
  isZambianPhone,
  NETWORK_NAMES,
  networkPrefixRule,
  readMobileForNetwork,
  readZambianMobile,
} from '../phone-numbers';

/** Empty, or a Zambian mobile number in any written form (stored as typed; read with readZambianMobile). */
function zambianMobileOrEmpty(label: string) {
  return text(40, label).refine((v) => v === '' || readZambianMobile(v).ok, {
    message: `${label} must be empty or a Zambian mobile number such as +260 97 123 4567`,
  });
}

/**
 * Empty (the co-op takes no money by hand on that network: shoppers are told to ask the shop), or a
 * number of that network: shoppers are told to send money there, so a number of another network or no
 * number at all would send their money nowhere or to a stranger.
 */
function payToNumber(label: string, network: 'airtel' | 'mtn') {
  const name = NETWORK_NAMES[network];
  return text(40, label).superRefine((value, ctx) => {
    if (value === '' || readMobileForNetwork(value, network).ok) return;
    const other = readZambianMobile(value);
    ctx.addIssue({
      code: 'custom',
      message: other.ok
        ? `${label} must be an ${name} number (${networkPrefixRule(network)}); this one is ${NETWORK_NAMES[other.mobile.network]}`
        : `${label} must be empty or an ${name} number such as ${exampleNumberOf(network)}`,
    });
  });
}

/** Empty, or a Zambian number a shopper can call: a mobile or the office's fixed line. */
function contactPhone(label: string) {
  return text(40, label).refine((v) => v === '' || isZambianPhone(v), {
    message: `${label} must be empty or a Zambian phone number such as 097 123 4567 or 0213 123 456`,
  });
}

/** A link shown to shoppers: empty, or an http(s) address (never javascript: or data:). */
function webAddress(label: string) {
  return text(300, label).refine((v) => v === '' || (/^https?:\/\/\S+$/i.test(v) && URL.canParse(v)), {
    message: `${label} must be empty or a web address starting with https://`,
  });
}

/** The makers' percent of a product's net price: a whole number from 0 to 100 (the co-op's fund keeps the rest). */
export const makersPercentSchema = z
  .number({ error: 'makersPercent must be a whole number from 0 to 100' })
  .int('makersPercent must be a whole number from 0 to 100')
  .min(0, 'makersPercent must be a whole number from 0 to 100')
  .max(100, 'makersPercent must be a whole number from 0 to 100');

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
  /**
   * The makers' share of a product's net price when the product names no percent of its own
   * (docs/decisions/063-member-shares.md; DEFAULT_MAKERS_PERCENT until an admin sets it); the fund keeps
   * the rest. A change applies to orders handed over after it.
   */
  makersPercent: makersPercentSchema,
  /** Days after delivery or collection a shopper may ask for a return (0: returns off). Decision 069. */
  returnWindowDays: returnWindowDaysSchema,
  /** What each category may send back, and who pays the courier back when it is not the shop's fault. */
  returnRules: returnRulesSchema,
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/**
 * What an admin may save: the settings with the numbers checked too. Reading stays with the looser
 * shopSettingsSchema, so a number stored before these checks is still shown as it is (and the settings
 * form asks for it to be corrected) instead of falling back to a demo number that nobody owns.
 */
export const shopSettingsFormSchema = shopSettingsSchema.extend({
  phone: contactPhone('phone'),
  airtelMoneyNumber: payToNumber('airtelMoneyNumber', 'airtel'),
  mtnMoneyNumber: payToNumber('mtnMoneyNumber', 'mtn'),
});

export const updateShopSettingsSchema = shopSettingsFormSchema.partial();
export type ShopSettingsUpdate = z.input<typeof updateShopSettingsSchema>;
