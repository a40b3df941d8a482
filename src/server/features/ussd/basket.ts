import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Conflict, HttpError } from '../../lib/http-errors';
import { computeTotals, toKwacha, type DeliveryRule } from '../../../shared/money';
import type { ZambianMobile } from '../../../shared/phone-numbers';
import { placeOrderSchema, type ShippingAddress } from '../../../shared/schemas/orders';
import { chooseDeliveryOption } from '../delivery';
import { placeOrder } from '../orders';
import type { UserRow } from '../users';
import { productsByIds, readDraft, replaceDraft, takeBasket, type Draft, type ProductChoice } from './queries';

/** What one line of a product sells: its price and stock, and the size's label and id when it has sizes. */
export interface LineUnit {
  priceNgwee: number;
  countInStock: number;
  /** "250 ml"; null for a plain product or a gift set. */
  label: string | null;
}

/**
 * What a line of this product takes (docs/decisions/067-sizes-and-sets.md): the size it names, or for a
 * product with options and a line without one (a draft from before sizes), its default, as placeOrder
 * does; undefined when that size is gone, or a size is named on a product that has none now.
 */
export function unitOf(p: ProductChoice, variantId: string | undefined): LineUnit | undefined {
  if (p.options.length === 0)
    return variantId ? undefined : { priceNgwee: p.priceNgwee, countInStock: p.countInStock, label: null };
  const v = variantId ? p.variants.find((x) => x.id === variantId) : p.variants.find((x) => x.isDefault);
  return v ? { priceNgwee: v.priceNgwee, countInStock: v.countInStock, label: v.label } : undefined;
}

/** Whether a draft line is this product in this size (absent: no size). */
export const isLineOf = (line: Draft['lines'][number], productId: string, variantId: string | undefined) =>
  line.productId === productId && (line.variantId ?? undefined) === (variantId ?? undefined);

/**
 * The number's basket (docs/decisions/054-ussd-one-basket-one-order.md): the draft every session of the
 * number shares, changed on the draft as stored (never over another session's change), the quote a
 * summary shows, and the one order a basket becomes.
 */

/** A dropped session's order is offered again for this long (docs/decisions/043-ussd-sessions.md). */
export const DRAFT_KEPT_MS = 24 * 3_600_000;

/** The basket is gone or other than the one the summary showed, and no order was made of that one. */
export const BASKET_CHANGED = 'The order changed in another session of this number';

export interface BasketContext {
  app: FastifyInstance;
  mobile: ZambianMobile;
  draft: Draft;
  /** Products read during this step: one step reads each once, however many screens it draws. */
  seen: Map<string, ProductChoice>;
}

/** What a summary showed; confirm places exactly this, or refuses. */
export interface Quote {
  /** The draft's id when the summary was drawn: the basket, and the key of its one order. */
  basket?: string;
  /** Each line with the price shown (none for a product or size no longer sold: placing it says so). */
  lines: { productId: string; variantId?: string; quantity: number; priceNgwee?: number }[];
  count: number;
  itemsNgwee: number;
  taxNgwee: number;
  shippingNgwee: number;
  totalNgwee: number;
  address?: ShippingAddress;
  deliveryOption?: string;
}

/** The draft as the menu uses it: an old one is empty, though still the stored basket (its id) a change replaces. */
export function freshDraft(draft: Draft | null | undefined, at: Date | null | undefined): Draft {
  if (!draft || !at || Date.now() - at.getTime() > DRAFT_KEPT_MS) return { id: draft?.id, lines: [] };
  return draft;
}

/** The draft as stored now (after BASKET_CHANGED, or a change another session made first). */
export async function reloadDraft(ctx: BasketContext): Promise<void> {
  const { draft, draftUpdatedAt } = await readDraft(ctx.app.db, ctx.mobile.e164);
  ctx.draft = freshDraft(draft, draftUpdatedAt);
}

/**
 * Changes the number's draft. When another session of the number changed it since this step read it, the
 * change is made again on what that session wrote: two sessions adding one item each make two items, and
 * nothing is added back to a basket that became an order. New lines are a new basket (a new id).
 */
export async function changeDraft(ctx: BasketContext, change: (draft: Draft) => Draft): Promise<void> {
  for (let tries = 1; ; tries += 1) {
    const changed = change(ctx.draft);
    const next = changed.lines === ctx.draft.lines ? changed : { ...changed, id: randomUUID() };
    const stored = next.lines.length > 0 || next.town ? next : null;
    if (await replaceDraft(ctx.app.db, ctx.mobile.e164, ctx.draft.id ?? null, stored)) {
      ctx.draft = stored ?? { lines: [] };
      return;
    }
    // Only the number's own sessions write its draft; a few of them cannot keep changing it for long.
    if (tries === 5) throw new Error('The USSD draft of a number kept changing under a step');
    await reloadDraft(ctx);
  }
}

/** The products of these ids (those that still exist), read once per step. */
export async function choices(ctx: BasketContext, ids: string[]): Promise<ProductChoice[]> {
  const missing = ids.filter((id) => !ctx.seen.has(id));
  for (const p of await productsByIds(ctx.app.db, missing)) ctx.seen.set(p.id, p);
  return ids.flatMap((id) => ctx.seen.get(id) ?? []);
}

export function draftFigures(ctx: BasketContext, products: ProductChoice[], delivery?: DeliveryRule) {
  const byId = new Map(products.map((p) => [p.id, p]));
  const priced = ctx.draft.lines.flatMap((line) => {
    const product = byId.get(line.productId);
    const unit = product && unitOf(product, line.variantId);
    return unit ? [{ unitPriceNgwee: unit.priceNgwee, quantity: line.quantity }] : [];
  });
  const count = ctx.draft.lines.reduce((sum, line) => sum + line.quantity, 0);
  return { count, totals: computeTotals(priced, { delivery }) };
}

/**
 * The draft priced as the order will be: the option chosen for the address (or, switched off meanwhile,
 * the cheapest serving it: the web checkout's own choice, features/delivery), named to placeOrder so both
 * price the same. No option serving it: the spec's figures, and placeOrder's own 400 says why at confirm.
 */
export async function quoteOf(
  ctx: BasketContext,
  address: ShippingAddress | undefined,
  chosenOption: string | undefined,
): Promise<Quote> {
  // A draft saved before baskets had ids gets one, so that it can be the key of its order.
  if (!ctx.draft.id && ctx.draft.lines.length > 0) await changeDraft(ctx, (d) => ({ ...d, lines: [...d.lines] }));
  const products = await choices(
    ctx,
    ctx.draft.lines.map((l) => l.productId),
  );
  const items = draftFigures(ctx, products).totals.itemsNgwee;
  const choose = (optionId: string | undefined) =>
    address
      ? chooseDeliveryOption(ctx.app.deliveryOptions, address, optionId, items).catch((error: unknown) => {
          if (error instanceof HttpError) return undefined;
          throw error;
        })
      : Promise.resolve(undefined);
  const delivery = (await choose(chosenOption)) ?? (chosenOption ? await choose(undefined) : undefined);
  const { count, totals } = draftFigures(ctx, products, delivery?.rule);
  const byId = new Map(products.map((p) => [p.id, p]));
  const priceOf = (l: Draft['lines'][number]) => {
    const product = byId.get(l.productId);
    return product && unitOf(product, l.variantId)?.priceNgwee;
  };
  return {
    basket: ctx.draft.id,
    lines: ctx.draft.lines.map((l) => ({ ...l, priceNgwee: priceOf(l) })),
    count,
    itemsNgwee: totals.itemsNgwee,
    taxNgwee: totals.taxNgwee,
    shippingNgwee: totals.shippingNgwee,
    totalNgwee: totals.totalNgwee,
    address,
    deliveryOption: delivery?.optionId,
  };
}

/** Whether two quotes of one basket show the same prices, delivery and total. */
export const sameFigures = (a: Quote, b: Quote) =>
  a.totalNgwee === b.totalNgwee &&
  a.shippingNgwee === b.shippingNgwee &&
  a.deliveryOption === b.deliveryOption &&
  a.lines.length === b.lines.length &&
  a.lines.every(
    (l, i) =>
      l.productId === b.lines[i]!.productId &&
      (l.variantId ?? undefined) === (b.lines[i]!.variantId ?? undefined) &&
      l.quantity === b.lines[i]!.quantity &&
      l.priceNgwee === b.lines[i]!.priceNgwee,
  );

/**
 * Places exactly the quote through the web checkout's own placeOrder (prices, stock, totals, the order
 * event that texts the shopper), keyed by its basket and taking that basket in the order's transaction:
 * however many sessions confirm one basket, at once or later, it becomes one order, which each of them is
 * answered (`created` only for the one that made it). A basket changed since the summary is BASKET_CHANGED;
 * a price changed is placeOrder's own 409; stock and size as placeOrder says. A line names its size
 * (`variant`), so the order takes that size's stock at that size's price.
 */
export async function placeQuote(ctx: BasketContext, user: UserRow, quote: Quote & { basket: string }) {
  const input = placeOrderSchema.parse({
    orderItems: quote.lines.map((l) => ({
      product: l.productId,
      ...(l.variantId ? { variant: l.variantId } : {}),
      quantity: l.quantity,
      ...(l.priceNgwee === undefined ? {} : { price: toKwacha(l.priceNgwee) }),
    })),
    shippingAddress: quote.address,
    paymentMethod: ctx.mobile.network,
    ...(quote.deliveryOption ? { deliveryOption: quote.deliveryOption } : {}),
    totalAmount: toKwacha(quote.totalNgwee),
  });
  return placeOrder(
    ctx.app,
    { id: user.id, name: user.name, email: user.email ?? '', mobile: user.mobile, isAdmin: false },
    input,
    `ussd:${quote.basket}`,
    {
      channel: 'ussd',
      claim: async (tx) => {
        if (!(await takeBasket(tx, ctx.mobile.e164, quote.basket))) throw Conflict(BASKET_CHANGED);
      },
    },
  );
}
