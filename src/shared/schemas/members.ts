import { z } from 'zod';
import type { MobileNetwork } from '../phone-numbers';
import { withNameRule } from '../person-name';
import { limitQuery, pageQuery, text } from './common';
import { zambianMobileSchema } from './phone-sign-in';

/**
 * The co-op's members (docs/decisions/065-members-and-wallet-changes.md): who makes what, and the wallet her
 * share is paid to. Admins only. The wallet number is read with the shop's one phone rule and stored
 * +260XXXXXXXXX; it changes only through a wallet change that another admin approves.
 */

export const MEMBER_NAME_MAX = 80;
export const MEMBER_ROLE_MAX = 80;
/** Makers one product may name: a product is made by a few hands, and the split stays readable. */
export const PRODUCT_MAKERS_MAX = 10;
export const MAKER_PARTS_MAX = 100;

export const MEMBER_NETWORKS = ['mtn', 'airtel', 'zamtel'] as const satisfies readonly MobileNetwork[];

/** What PATCH /members/{id} says to a wallet number: it is changed by asking, and another admin approves. */
export const WALLET_NOT_HERE =
  'The wallet number is not changed here: ask for a wallet change (POST /members/{id}/wallet), which another admin approves.';

const memberName = withNameRule(text(MEMBER_NAME_MAX, 'name').min(1, 'name is required'), 'name', 1);
const memberRole = text(MEMBER_ROLE_MAX, 'role');
const activeFlag = z.boolean({ error: 'active must be true or false' });

/** POST /members. */
export const createMemberSchema = z.object({
  name: memberName,
  role: memberRole.default(''),
  mobile: zambianMobileSchema,
  active: activeFlag.default(true),
});
export type CreateMemberInput = z.input<typeof createMemberSchema>;

/** PATCH /members/{id}: name, role and whether she is active; a wallet number is refused with WALLET_NOT_HERE. */
export const updateMemberSchema = z
  .object({
    name: memberName.optional(),
    role: memberRole.optional(),
    active: activeFlag.optional(),
    mobile: z.unknown().optional().describe('Refused: a wallet number changes through POST /members/{id}/wallet'),
    network: z.unknown().optional().describe('Refused: the network follows the wallet number'),
  })
  .refine((body) => body.mobile === undefined && body.network === undefined, { message: WALLET_NOT_HERE });
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;

/** POST /members/{id}/wallet: the new wallet number, waiting for another admin. */
export const askWalletChangeSchema = z.object({ mobile: zambianMobileSchema });
export type AskWalletChangeInput = z.input<typeof askWalletChangeSchema>;

/** Path parameter of /members/{id}; anything that is not one of our ids answers 404. */
export const memberIdParamsSchema = z.object({ id: z.string() });
/** Path parameter of /products/{id}/makers; the same 404 for an id that is not ours. */
export const productMakersParamsSchema = z.object({ id: z.string() });

/** GET /members?active=true|false: only active or only inactive members; absent: all. */
export const memberListQuerySchema = z.object({
  active: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['true', 'false'], { error: 'active must be true or false' }).optional(),
    )
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

const networkSchema = z.enum(MEMBER_NETWORKS);

/** One member as admins see her. */
export const memberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.string(),
  /** +260XXXXXXXXX */
  mobile: z.string(),
  network: networkSchema,
  active: z.boolean(),
  /** A new wallet number one admin asked for, waiting for another admin's approval. */
  pendingWallet: z
    .object({
      mobile: z.string(),
      network: networkSchema,
      /** _id: the asking admin's account (null once it is gone), so the screen offers her no approval. */
      requestedBy: z.object({ _id: z.string().nullable(), name: z.string() }),
      requestedAt: z.string(),
    })
    .nullable(),
  /** What she is owed now: her share entries not yet in a payout, in ngwee (below 0 when refunds came after a payout). */
  balanceNgwee: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = z.object({ members: z.array(memberSchema) });
export type MemberList = z.infer<typeof memberListSchema>;

/** GET /members/{id}/shares: her ledger lines, newest first, a page at a time. */
export const memberSharesQuerySchema = z.object({ page: pageQuery, limit: limitQuery(50) });

/** One line of her ledger: a sale's share (units of a product) or what a refund took back (negative). */
export const memberShareLineSchema = z.object({
  _id: z.string(),
  at: z.string(),
  orderId: z.string(),
  kind: z.enum(['sale', 'refund']),
  product: z.string(),
  /** The units a sale stands for; 0 on a refund's line. */
  quantity: z.number().int(),
  amountNgwee: z.number().int(),
  /** The payout that carries it; null: owed to her still. */
  payoutId: z.string().nullable(),
});
export type MemberShareLine = z.infer<typeof memberShareLineSchema>;

export const memberSharesSchema = z.object({
  lines: z.array(memberShareLineSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type MemberShares = z.infer<typeof memberSharesSchema>;

const makerInput = z.object({
  memberId: z.string({ error: 'memberId must be the id of a member' }).max(64, 'memberId is not the id of a member'),
  parts: z
    .number({ error: `parts must be a whole number from 1 to ${MAKER_PARTS_MAX}` })
    .int(`parts must be a whole number from 1 to ${MAKER_PARTS_MAX}`)
    .min(1, `parts must be a whole number from 1 to ${MAKER_PARTS_MAX}`)
    .max(MAKER_PARTS_MAX, `parts must be a whole number from 1 to ${MAKER_PARTS_MAX}`),
});

/** PUT /products/{id}/makers: the product's whole list of makers and its own makers' percent (null: the shop's). */
export const productMakersInputSchema = z.object({
  makersPercent: z
    .number({ error: 'makersPercent must be a whole number from 0 to 100, or null for the shop default' })
    .int('makersPercent must be a whole number from 0 to 100, or null for the shop default')
    .min(0, 'makersPercent must be a whole number from 0 to 100, or null for the shop default')
    .max(100, 'makersPercent must be a whole number from 0 to 100, or null for the shop default')
    .nullable(),
  makers: z
    .array(makerInput, { error: 'makers must be a list of {memberId, parts}' })
    .max(PRODUCT_MAKERS_MAX, `makers: at most ${PRODUCT_MAKERS_MAX} makers for one product`)
    .refine(
      (makers) => new Set(makers.map((m) => m.memberId.trim().toLowerCase())).size === makers.length,
      'makers: each member may be named once only',
    ),
});
export type ProductMakersInput = z.input<typeof productMakersInputSchema>;

/** Who made a product and how its net price is split (src/shared/member-shares.ts). */
export const productMakersSchema = z.object({
  productId: z.string(),
  /** The product's own makers' percent; null: the shop's default applies. */
  makersPercent: z.number().int().nullable(),
  defaultMakersPercent: z.number().int(),
  makers: z.array(
    z.object({
      memberId: z.string(),
      name: z.string(),
      parts: z.number().int(),
      /** False for a member made inactive after she was named: the list cannot be saved again with her on it. */
      active: z.boolean(),
    }),
  ),
});
export type ProductMakers = z.infer<typeof productMakersSchema>;
