import { CATEGORY_LABELS, isCategory } from '../../../shared/categories';
import { compactKwacha, toKwacha } from '../../../shared/money';
import { ZAMBIAN_PROVINCES } from '../../../shared/provinces';
import { NETWORK_NAMES, type ZambianMobile } from '../../../shared/phone-numbers';
import { MAX_LINE_QUANTITY, type ShippingAddress } from '../../../shared/schemas/orders';
import { draw, option, type Answer } from '../../../shared/ussd-screen';
import { USSD_LANGUAGES, type Say, type UssdLanguage } from '../../../shared/ussd-texts';
import {
  choices,
  draftFigures,
  isLineOf,
  quoteOf,
  unitOf,
  type BasketContext,
  type LineUnit,
  type Quote,
} from './basket';
import type { ProductChoice, VariantChoice } from './queries';
import { returnScreenLines, type ReturnScreen } from './return-screens';

/**
 * The menu (docs/decisions/043-ussd-sessions.md): a stack of screens kept in the session row. Each step
 * answers the screen on top, or acts on the caller's input and answers the next one; 0 goes back one
 * screen. The order being built lives in the caller's draft (ussd_callers, basket.ts), not in the
 * session, so a dropped session loses nothing; the summary keeps what it showed (its quote), which is
 * what confirm places (docs/decisions/054-ussd-one-basket-one-order.md).
 */
export type Screen =
  | { s: 'lang' }
  | { s: 'main'; options: MainOption[] }
  | { s: 'cats'; cats: string[] }
  | { s: 'products'; category: string; offset: number; ids: string[]; more: boolean }
  /** The sizes of a product with options, a page of them (docs/decisions/067-sizes-and-sets.md). */
  | { s: 'size'; productId: string; offset: number; ids: string[]; more: boolean }
  /** `variantId`: the size picked, for a product with options. */
  | { s: 'qty'; productId: string; variantId?: string }
  | { s: 'cart'; added?: boolean }
  | { s: 'delivery'; saved: ShippingAddress }
  | { s: 'town' }
  | { s: 'province' }
  | { s: 'sent'; options: { id: string; label: string }[] }
  | { s: 'name' }
  /** The quote is absent only in a session drawn by a release before quotes were kept. */
  | { s: 'summary'; quote?: Quote }
  | { s: 'problem'; text: string }
  | { s: 'info'; text: string }
  | ReturnScreen;

export type MainOption = 'continue' | 'shop' | 'orders' | 'earnings' | 'help' | 'language';

export interface MenuState {
  stack: Screen[];
  lang: UssdLanguage;
  /** The delivery address chosen in this session. */
  address?: ShippingAddress;
  /** The delivery option chosen for it, when more than one serves it. */
  deliveryOption?: string;
  /** The name a caller without an account gave, for the account opened at confirm. */
  name?: string;
}

export interface MenuContext extends BasketContext {
  say: Say;
  shop: { shopName: string; phone: string };
  /** Translations exist: the caller is offered a language. */
  multilingual: boolean;
  /** The language the caller picked before, if any. */
  language: UssdLanguage | null;
  /** The caller's number is an active member's wallet number: the first menu offers "My earnings". */
  member: boolean;
  sayIn: (language: UssdLanguage) => Say;
}

export interface StepResult {
  answer: Answer;
  /** Set when this step placed an order (the payment prompt follows the end of the session). */
  placedOrderId?: string;
}

/** Products on one page at most: 1-8 (9 is More, 0 is Back). */
export const PAGE_MOST = 8;
export const NAME_MOST = 26;
/** A note takes the title's line on a list screen: room is kept for the longer of the two. */
export const NOTE_ROOM = 30;
/** "9. More" and "0. Back" with their line breaks, in a long translation. */
export const FOOTER_ROOM = 22;

export function mainScreen(ctx: MenuContext): Screen {
  const options: MainOption[] = [];
  if (ctx.draft.lines.length > 0) options.push('continue');
  options.push('shop', 'orders', 'help');
  if (ctx.multilingual) options.push('language');
  // Last, so that for a caller who is not a member its number is past the end: an invalid choice like any other.
  if (ctx.member) options.push('earnings');
  return { s: 'main', options };
}

export const top = (state: MenuState) => state.stack[state.stack.length - 1]!;

export const addressOf = (ctx: MenuContext, state: MenuState) =>
  state.address ?? (ctx.draft.town ? townAddress(ctx.draft.town, ctx.mobile, ctx.draft.province) : undefined);

/** The summary of the draft as it is now: what it shows is kept with it, for confirm. */
export async function summaryOf(ctx: MenuContext, state: MenuState): Promise<Screen> {
  return { s: 'summary', quote: await quoteOf(ctx, addressOf(ctx, state), state.deliveryOption) };
}

async function draftSummary(ctx: MenuContext) {
  const products = await choices(
    ctx,
    ctx.draft.lines.map((l) => l.productId),
  );
  const { count, totals } = draftFigures(ctx, products);
  return { count, total: compactKwacha(toKwacha(totals.itemsNgwee)) };
}

const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, '');
const shortened = (text: string) => (text.length > NAME_MOST ? `${text.slice(0, NAME_MOST - 2)}..` : text);
const kwacha = (ngwee: number) => compactKwacha(toKwacha(ngwee));

/**
 * "Shea butter 100ml K150.00": the size only when the name does not already say it. A product with sizes
 * shows no size (it has several) and its lowest price: "Mungongo Oil from K85.00".
 */
export const productLabel = (p: ProductChoice, say: Say) => {
  if (p.options.length > 0)
    return [
      shortened(p.name),
      p.priceFromNgwee === null ? kwacha(p.priceNgwee) : say('priceFrom', { price: kwacha(p.priceFromNgwee) }),
    ].join(' ');
  const size = p.size && !squeeze(p.name).includes(squeeze(p.size)) ? p.size : null;
  return [shortened(p.name), size, kwacha(p.priceNgwee)].filter(Boolean).join(' ');
};

/** The quantity screen's title: the product as listed, or "Mungongo Oil 250 ml K180.00" for a size. */
export const unitLabel = (p: ProductChoice, unit: LineUnit, say: Say) =>
  unit.label === null
    ? productLabel(p, say)
    : [shortened(p.name), shortened(unit.label), kwacha(unit.priceNgwee)].join(' ');

/** "250 ml K180.00", or "1 litre K600.00 (out)" when none is left. */
export const sizeLabel = (v: VariantChoice, say: Say) =>
  [shortened(v.label), kwacha(v.priceNgwee), v.countInStock > 0 ? '' : say('variantOut')].filter(Boolean).join(' ');

/** The size screen's title: "Mungongo Oil: which size?". */
export const sizeTitle = (p: ProductChoice, say: Say) =>
  say('whichVariant', { product: shortened(p.name), option: p.options.join(' / ').toLowerCase() });

/** Draws the screen on top of the stack, with a note above it (a wrong choice, "Added."). */
export async function show(ctx: MenuContext, state: MenuState, note?: string): Promise<Answer> {
  const { say } = ctx;
  const screen = top(state);
  const back = option(0, say('back'));
  const lines = (title: string, body: string[], footer: string[] = [back]) =>
    draw('CON', [...(note ? [note] : [title]), ...body, ...footer]);
  switch (screen.s) {
    case 'lang':
      return lines(
        say('chooseLanguage'),
        USSD_LANGUAGES.map((l, i) => option(i + 1, l.name)),
        state.stack.length > 1 ? [back] : [],
      );
    case 'main': {
      const summary = screen.options.includes('continue') ? await draftSummary(ctx) : null;
      const label: Record<MainOption, string> = {
        continue: summary ? say('continueOrder', summary) : '',
        shop: say('shop'),
        orders: say('myOrders'),
        earnings: say('myEarnings'),
        help: say('help'),
        language: say('language'),
      };
      return lines(
        say('welcome', { shop: ctx.shop.shopName }),
        screen.options.map((o, i) => option(i + 1, label[o])),
        [],
      );
    }
    case 'cats':
      if (screen.cats.length === 0) return lines(say('noProducts'), []);
      return lines(
        say('categories'),
        screen.cats.map((c, i) => option(i + 1, categoryName(c))),
      );
    case 'products': {
      const found = new Map((await choices(ctx, screen.ids)).map((p) => [p.id, p]));
      const body = screen.ids.flatMap((id, i) => {
        const p = found.get(id);
        return p ? [option(i + 1, productLabel(p, say))] : [];
      });
      return lines(categoryName(screen.category), body, [...(screen.more ? [option(9, say('more'))] : []), back]);
    }
    case 'size': {
      const [p] = await choices(ctx, [screen.productId]);
      if (!p) return lines(say('gone', { product: '' }), []);
      const found = new Map(p.variants.map((v) => [v.id, v]));
      const body = screen.ids.flatMap((id, i) => {
        const v = found.get(id);
        return v ? [option(i + 1, sizeLabel(v, say))] : [];
      });
      return lines(sizeTitle(p, say), body, [...(screen.more ? [option(9, say('more'))] : []), back]);
    }
    case 'qty': {
      const [p] = await choices(ctx, [screen.productId]);
      const unit = p && unitOf(p, screen.variantId);
      if (!p || !unit) return lines(say('gone', { product: '' }), []);
      const max = quantityLeft(ctx, p, screen.variantId);
      return lines(unitLabel(p, unit, say), [
        say('each', { price: kwacha(unit.priceNgwee), stock: unit.countInStock }),
        say('howMany', { max }),
      ]);
    }
    case 'cart': {
      const summary = await draftSummary(ctx);
      const title = say(screen.added ? 'added' : 'yourOrder', summary);
      return lines(title, [option(1, say('checkOut')), option(2, say('addMore')), option(3, say('emptyOrder'))]);
    }
    case 'delivery':
      return lines(say('deliverTo', { place: placeOf(screen.saved) }), [
        option(1, say('yes')),
        option(2, say('otherTown')),
      ]);
    case 'town':
      return lines(say('whichTown'), []);
    case 'province':
      return lines(
        say('whichProvince'),
        ZAMBIAN_PROVINCES.map((p, i) => option(i + 1, p)),
      );
    case 'sent':
      return lines(
        say('howSent'),
        screen.options.map((o, i) => option(i + 1, o.label)),
      );
    case 'name':
      return lines(say('yourName'), []);
    case 'summary': {
      const quote = screen.quote ?? (await quoteOf(ctx, addressOf(ctx, state), state.deliveryOption));
      const network = ctx.mobile.network === 'zamtel' ? '' : NETWORK_NAMES[ctx.mobile.network];
      const amount = (ngwee: number) => compactKwacha(toKwacha(ngwee));
      const items = say('summaryItems', { count: quote.count, amount: amount(quote.itemsNgwee) });
      return lines(items, [
        ...(note ? [items] : []),
        say('summaryVat', { amount: amount(quote.taxNgwee) }),
        say('summaryDelivery', { amount: amount(quote.shippingNgwee) }),
        say('summaryTotal', { amount: amount(quote.totalNgwee) }),
        say('payBy', { network }),
        option(1, say('confirm')),
      ]);
    }
    case 'problem':
      return lines(screen.text, [option(1, say('changeOrder'))]);
    case 'info': {
      // One line per line of the text (My earnings): draw() makes each line's own spaces one.
      const [title, ...body] = screen.text.split('\n');
      return lines(title!, body);
    }
    default: {
      const { title, body } = returnScreenLines(screen, say);
      return lines(title, body);
    }
  }
}

/** 'Body Care', as the storefront's menu names a category. */
export const categoryName = (category: string) => (isCategory(category) ? CATEGORY_LABELS[category] : category);

export const placeOf = (address: ShippingAddress) =>
  address.address === TOWN_ONLY_ADDRESS ? address.city : `${address.address}, ${address.city}`;

/** How many more of the product (in this size) one line may take: what is left, less what the draft holds. */
export function quantityLeft(ctx: MenuContext, p: ProductChoice, variantId?: string): number {
  const unit = unitOf(p, variantId);
  if (!unit) return 0;
  const inDraft = ctx.draft.lines.find((l) => isLineOf(l, p.id, variantId))?.quantity ?? 0;
  return Math.max(0, Math.min(unit.countInStock, MAX_LINE_QUANTITY, 99) - inDraft);
}

/** A delivery to a town only: the co-op calls the number to agree on the place. */
export const TOWN_ONLY_ADDRESS = 'To agree by phone';

/** A town-only address's province when the caller was not asked (every option serves every province). */
const PROVINCE_NOT_ASKED = 'Not given';

export function townAddress(town: string, mobile: ZambianMobile, province = PROVINCE_NOT_ASKED): ShippingAddress {
  return {
    address: TOWN_ONLY_ADDRESS,
    city: town,
    province,
    zipCode: '-',
    phoneNumber: `0${mobile.national}`,
  };
}

export function push(ctx: MenuContext, state: MenuState, screen: Screen, note?: string): Promise<Answer> {
  state.stack.push(screen);
  return show(ctx, state, note);
}
