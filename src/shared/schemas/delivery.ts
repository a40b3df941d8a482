import { z } from 'zod';
import { DELIVERY_KINDS, placeKey } from '../delivery';
import { ZAMBIAN_PROVINCES } from '../provinces';
import { text } from './common';

/** Limits of an option (decision 037): enough for a real list, small enough for a phone to read. */
export const DELIVERY_LIMITS = {
  name: 80,
  town: 60,
  towns: 200,
  estimate: 80,
  openingHours: 300,
  directions: 1000,
  /** K100,000: no parcel costs more to send. */
  feeKwacha: 100_000,
  freeAboveKwacha: 10_000_000,
} as const;

function kwacha(label: string, max: number) {
  return z
    .number({ error: `${label} must be a number of kwacha` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} is at most K${max.toLocaleString('en')}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} has at most two decimals (ngwee)`);
}

/** Names once each, as first written: 'Choma' and 'choma ' are one town. */
function uniqueByPlace(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = placeKey(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const deliveryKindSchema = z.enum(DELIVERY_KINDS, { error: `kind must be one of ${DELIVERY_KINDS.join(', ')}` });

const provincesSchema = z
  .array(z.enum(ZAMBIAN_PROVINCES, { error: `each province must be one of ${ZAMBIAN_PROVINCES.join(', ')}` }), {
    error: 'provinces must be a list',
  })
  .max(ZAMBIAN_PROVINCES.length)
  .transform(uniqueByPlace);

const townsSchema = z
  .array(
    text(DELIVERY_LIMITS.town, 'town')
      .min(2, 'a town needs at least 2 characters')
      .transform((t) => t.replace(/\s+/g, ' ')),
    { error: 'towns must be a list' },
  )
  .max(DELIVERY_LIMITS.towns, `an option serves at most ${DELIVERY_LIMITS.towns} towns`)
  .transform(uniqueByPlace);

/** POST /delivery-options, and PUT's full replacement: what an admin writes. */
export const deliveryOptionInputSchema = z
  .object({
    name: text(DELIVERY_LIMITS.name, 'name').min(1, 'name is required'),
    kind: deliveryKindSchema,
    provinces: provincesSchema.default([]),
    towns: townsSchema.default([]),
    fee: kwacha('fee', DELIVERY_LIMITS.feeKwacha),
    freeAbove: kwacha('freeAbove', DELIVERY_LIMITS.freeAboveKwacha).nullable().default(null),
    estimate: text(DELIVERY_LIMITS.estimate, 'estimate').default(''),
    openingHours: text(DELIVERY_LIMITS.openingHours, 'openingHours').default(''),
    directions: text(DELIVERY_LIMITS.directions, 'directions').default(''),
    active: z.boolean({ error: 'active must be true or false' }).default(true),
    position: z
      .number({ error: 'position must be a whole number' })
      .int('position must be a whole number')
      .min(0)
      .max(1000)
      .default(0),
    /** A pickup point's keeper takes the money on collection (decision 045); a door or bus option cannot. */
    payOnCollection: z.boolean({ error: 'payOnCollection must be true or false' }).default(false),
  })
  .refine((option) => !option.payOnCollection || option.kind === 'pickup', {
    message: 'payOnCollection is only for a pickup point: its keeper takes the money when the parcel is collected',
    path: ['payOnCollection'],
  });
export type DeliveryOptionInput = z.infer<typeof deliveryOptionInputSchema>;
export type DeliveryOptionForm = z.input<typeof deliveryOptionInputSchema>;

/** What a shopper sees of an option at checkout. */
export const publicDeliveryOptionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kind: deliveryKindSchema,
  fee: z.number(),
  freeAbove: z.number().nullable(),
  estimate: z.string(),
  openingHours: z.string(),
  directions: z.string(),
  /** The shopper may choose 'Pay on collection' with this option. */
  payOnCollection: z.boolean(),
});
export type PublicDeliveryOption = z.infer<typeof publicDeliveryOptionSchema>;

/** An option as the admin keeps it. */
export const deliveryOptionSchema = publicDeliveryOptionSchema.extend({
  provinces: z.array(z.string()),
  towns: z.array(z.string()),
  active: z.boolean(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

export const deliveryOptionListSchema = z.object({ options: z.array(deliveryOptionSchema) });
export const publicDeliveryOptionListSchema = z.object({ options: z.array(publicDeliveryOptionSchema) });

/** GET /delivery-options?province=&town=&subtotal=: what checkout offers for an address and a cart. */
export const deliveryOptionsQuerySchema = z.object({
  province: text(100, 'province').min(1, 'province is required'),
  town: text(100, 'town').default(''),
  subtotal: z.coerce
    .number({ error: 'subtotal must be a number of kwacha' })
    .min(0, 'subtotal cannot be negative')
    .max(100_000_000)
    .default(0),
});

/** What an order keeps of the option it was placed with: the option may change or go later. */
export const orderDeliverySchema = z.object({
  option: z.string().nullable(),
  name: z.string(),
  kind: deliveryKindSchema,
  estimate: z.string(),
  openingHours: z.string(),
  directions: z.string(),
});
export type OrderDelivery = z.infer<typeof orderDeliverySchema>;
