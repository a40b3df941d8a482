import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { networkPrefixRule } from '../../../../shared/phone-numbers';
import { shopSettingsFormSchema, type ShopSettings } from '../../../../shared/schemas/settings';

export type SettingsFormInput = z.input<typeof shopSettingsFormSchema>;
export type SettingsField = keyof ShopSettings;

interface FieldSpec {
  name: SettingsField;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'number';
  autoComplete?: string;
  hint?: string;
  multiline?: boolean;
}

export interface FieldGroup {
  title: string;
  description: string;
  fields: FieldSpec[];
  /** Shows what shoppers are told to pay to, from the values being typed. */
  previewsHowToPay?: true;
}

/** Checked as soon as the screen opens: a number saved before the checks existed is said to be wrong at once. */
export const CHECKED_NUMBERS: SettingsField[] = ['phone', 'airtelMoneyNumber', 'mtnMoneyNumber'];

export const SETTINGS_GROUPS: FieldGroup[] = [
  {
    title: 'Shop details',
    description: 'Shown in the header, footer, contact page and e-mails.',
    fields: [
      { name: 'shopName', label: 'Shop name', autoComplete: 'organization' },
      { name: 'email', label: 'Contact email', type: 'email', autoComplete: 'email' },
      {
        name: 'phone',
        label: 'Contact phone',
        type: 'tel',
        autoComplete: 'tel',
        hint: 'A mobile or the office line, such as 097 123 4567 or 0213 123 456.',
      },
      { name: 'address', label: 'Address', multiline: true, autoComplete: 'street-address' },
    ],
  },
  {
    title: 'Mobile money payments',
    description: 'Customers see these in the payment instructions after checkout and in their order e-mail.',
    fields: [
      {
        name: 'airtelMoneyNumber',
        label: 'Airtel Money number',
        type: 'tel',
        hint: `Customers paying by Airtel Money send money here. ${networkPrefixRule('airtel')}. Empty: customers are told to ask the shop.`,
      },
      {
        name: 'mtnMoneyNumber',
        label: 'MTN Mobile Money number',
        type: 'tel',
        hint: `Customers paying by MTN Mobile Money send money here. ${networkPrefixRule('mtn')}. Empty: customers are told to ask the shop.`,
      },
      {
        name: 'paymentAccountName',
        label: 'Account name',
        hint: 'The registered name customers see when they send money.',
      },
    ],
    previewsHowToPay: true,
  },
  {
    title: 'WhatsApp and SMS',
    description:
      'Leave a number empty to turn its feature off. Any written form works, such as 097 123 4567 or +260 97 123 4567.',
    fields: [
      {
        name: 'whatsappNumber',
        label: 'WhatsApp number',
        type: 'tel',
        hint: 'Product and cart pages offer "Order on WhatsApp", which opens a chat with this number and the order written out.',
      },
      {
        name: 'orderSmsNumber',
        label: 'Number for new-order SMS',
        type: 'tel',
        hint: 'This phone gets a text message for every new order.',
      },
    ],
  },
  {
    title: 'Social links',
    description: 'Leave a link empty to hide it.',
    fields: [
      { name: 'facebookUrl', label: 'Facebook page', type: 'url' },
      { name: 'instagramUrl', label: 'Instagram page', type: 'url' },
      { name: 'linkedinUrl', label: 'LinkedIn page', type: 'url' },
    ],
  },
  {
    title: "Members' shares",
    description: "What the co-op's makers earn from each sale; the co-op fund keeps the rest.",
    fields: [
      {
        name: 'makersPercent',
        label: "Makers' share (default)",
        type: 'number',
        hint: "Percent of a product's price before VAT, for a product that sets none in its Makers tab. A change applies to orders handed over after it.",
      },
    ],
  },
  {
    title: 'Stock alerts',
    description: 'The shop e-mail gets one message listing the products whose stock falls to this level or below.',
    fields: [
      {
        name: 'lowStockThreshold',
        label: 'Low stock at',
        type: 'number',
        hint: 'Number of items left. A product can have its own level in the product editor.',
      },
    ],
  },
];

const LABELS = Object.fromEntries(
  SETTINGS_GROUPS.flatMap((group) => group.fields.map((field) => [field.name, field.label])),
);

const checkWithSharedRules = zodResolver(shopSettingsFormSchema);

/**
 * The server's own rules (shared schema); its messages name the API field ('shopName cannot be
 * empty'), so the form says the label instead ('Shop name cannot be empty').
 */
export const settingsResolver: Resolver<SettingsFormInput, unknown, ShopSettings> = async (
  values,
  context,
  options,
) => {
  const result = await checkWithSharedRules(values, context, options);
  for (const [name, error] of Object.entries(result.errors)) {
    if (error?.message?.startsWith(name) && LABELS[name])
      error.message = LABELS[name] + error.message.slice(name.length);
  }
  return result;
};
