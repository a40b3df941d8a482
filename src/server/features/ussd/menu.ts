import { HttpError } from '../../lib/http-errors';
import { CATEGORY_LABELS, isCategory } from '../../../shared/categories';
import { compactKwacha, toKwacha } from '../../../shared/money';
import { optionFee } from '../../../shared/delivery';
import { ZAMBIAN_PROVINCES } from '../../../shared/provinces';
import { orderReference } from '../../../shared/order-status';
import { NETWORK_NAMES, type ZambianMobile } from '../../../shared/phone-numbers';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  unpaidLimitSchema,
  type ShippingAddress,
} from '../../../shared/schemas/orders';
import { nameProblem } from '../../../shared/person-name';
import { deliveryOptionsFor } from '../delivery';
import { PRICES_CHANGED } from '../orders';
import { findPhoneAccount, openPhoneAccount, type UserRow } from '../users';
import {
  BASKET_CHANGED,
  changeDraft,
  choices,
  draftFigures,
  placeQuote,
  quoteOf,
  reloadDraft,
  sameFigures,
  type BasketContext,
  type Quote,
} from './basket';
import {
  categoriesInStock,
  lastAddress,
  lastOrders,
  productsInStock,
  saveLanguage,
  type Draft,
  type ProductChoice,
} from './queries';
import { draw, option, SCREEN_LIMIT, type Answer } from '../../../shared/ussd-screen';
import { USSD_LANGUAGES, isUssdLanguage, type Say, type TextKey, type UssdLanguage } from '../../../shared/ussd-texts';

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
  | { s: 'qty'; productId: string }
  | { s: 'cart'; added?: boolean }
  | { s: 'delivery'; saved: ShippingAddress }
  | { s: 'town' }
  | { s: 'province' }
  | { s: 'sent'; options: { id: string; label: string }[] }
  | { s: 'name' }
  /** The quote is absent only in a session drawn by a release before quotes were kept. */
  | { s: 'summary'; quote?: Quote }
  | { s: 'problem'; text: string }
  | { s: 'info'; text: string };

type MainOption = 'continue' | 'shop' | 'orders' | 'help' | 'language';

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
  sayIn: (language: UssdLanguage) => Say;
}

export interface StepResult {
  answer: Answer;
  /** Set when this step placed an order (the payment prompt follows the end of the session). */
  placedOrderId?: string;
}

/** Products on one page at most: 1-8 (9 is More, 0 is Back). */
const PAGE_MOST = 8;
const NAME_MOST = 26;
/** A note takes the title's line on a list screen: room is kept for the longer of the two. */
const NOTE_ROOM = 30;
/** "9. More" and "0. Back" with their line breaks, in a long translation. */
const FOOTER_ROOM = 22;
const TOWN = /^[\p{L}][\p{L} .'-]{1,39}$/u;

export function startState(ctx: MenuContext): MenuState {
  const lang = ctx.language ?? 'en';
  return { stack: [ctx.multilingual && !ctx.language ? { s: 'lang' } : mainScreen(ctx)], lang };
}

function mainScreen(ctx: MenuContext): Screen {
  const options: MainOption[] = [];
  if (ctx.draft.lines.length > 0) options.push('continue');
  options.push('shop', 'orders', 'help');
  if (ctx.multilingual) options.push('language');
  return { s: 'main', options };
}

const top = (state: MenuState) => state.stack[state.stack.length - 1]!;

const addressOf = (ctx: MenuContext, state: MenuState) =>
  state.address ?? (ctx.draft.town ? townAddress(ctx.draft.town, ctx.mobile, ctx.draft.province) : undefined);

/** The summary of the draft as it is now: what it shows is kept with it, for confirm. */
async function summaryOf(ctx: MenuContext, state: MenuState): Promise<Screen> {
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

/** "Shea butter 100ml K150.00": the size only when the name does not already say it. */
const productLabel = (p: ProductChoice) => {
  const size = p.size && !squeeze(p.name).includes(squeeze(p.size)) ? p.size : null;
  const name = p.name.length > NAME_MOST ? `${p.name.slice(0, NAME_MOST - 2)}..` : p.name;
  return [name, size, compactKwacha(toKwacha(p.priceNgwee))].filter(Boolean).join(' ');
};

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
        return p ? [option(i + 1, productLabel(p))] : [];
      });
      return lines(categoryName(screen.category), body, [...(screen.more ? [option(9, say('more'))] : []), back]);
    }
    case 'qty': {
      const [p] = await choices(ctx, [screen.productId]);
      if (!p) return lines(say('gone', { product: '' }), []);
      const max = quantityLeft(ctx, p);
      return lines(productLabel(p), [
        say('each', { price: compactKwacha(toKwacha(p.priceNgwee)), stock: p.countInStock }),
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
    case 'info':
      return lines(screen.text, []);
  }
}

/** 'Body Care', as the storefront's menu names a category. */
const categoryName = (category: string) => (isCategory(category) ? CATEGORY_LABELS[category] : category);

const placeOf = (address: ShippingAddress) =>
  address.address === TOWN_ONLY_ADDRESS ? address.city : `${address.address}, ${address.city}`;

function quantityLeft(ctx: MenuContext, p: ProductChoice): number {
  const inDraft = ctx.draft.lines.find((l) => l.productId === p.id)?.quantity ?? 0;
  return Math.max(0, Math.min(p.countInStock, MAX_LINE_QUANTITY, 99) - inDraft);
}

/** A delivery to a town only: the co-op calls the number to agree on the place. */
export const TOWN_ONLY_ADDRESS = 'To agree by phone';

/** A town-only address's province when the caller was not asked (every option serves every province). */
const PROVINCE_NOT_ASKED = 'Not given';

function townAddress(town: string, mobile: ZambianMobile, province = PROVINCE_NOT_ASKED): ShippingAddress {
  return {
    address: TOWN_ONLY_ADDRESS,
    city: town,
    province,
    zipCode: '-',
    phoneNumber: `0${mobile.national}`,
  };
}

/** A choice from a numbered list: 1..count, else null. */
function choiceOf(input: string, count: number): number | null {
  if (!/^[0-9]{1,2}$/.test(input)) return null;
  const n = Number(input);
  return n >= 1 && n <= count ? n : null;
}

async function productPage(ctx: MenuContext, category: string, offset: number): Promise<Screen> {
  const candidates = await productsInStock(ctx.app.db, category, offset, PAGE_MOST + 1);
  for (const p of candidates) ctx.seen.set(p.id, p);
  const room = SCREEN_LIMIT - 'CON '.length - NOTE_ROOM - FOOTER_ROOM;
  const ids: string[] = [];
  let used = 0;
  for (const [i, p] of candidates.slice(0, PAGE_MOST).entries()) {
    const size = option(i + 1, productLabel(p)).length + 1;
    if (ids.length > 0 && used + size > room) break;
    ids.push(p.id);
    used += size;
  }
  return { s: 'products', category, offset, ids, more: candidates.length > ids.length };
}

async function account(ctx: MenuContext): Promise<UserRow | undefined> {
  return findPhoneAccount(ctx.app.db, ctx.mobile.e164);
}

/** After the cart's "Check out": who pays, where it goes, then the summary. */
async function checkout(ctx: MenuContext, state: MenuState): Promise<Answer> {
  const { say } = ctx;
  if (ctx.mobile.network === 'zamtel')
    return push(ctx, state, { s: 'info', text: say('noNetwork', { phone: ctx.shop.phone }) });
  const user = await account(ctx);
  if (user?.isAdmin) return push(ctx, state, { s: 'info', text: say('adminNumber') });
  const saved = user ? await lastAddress(ctx.app.db, user.id) : undefined;
  if (saved) return push(ctx, state, { s: 'delivery', saved });
  return push(ctx, state, { s: 'town' });
}

/** The province is asked only when some delivery option that is on serves some provinces and not others. */
async function afterTown(ctx: MenuContext, state: MenuState): Promise<Answer> {
  const options = await ctx.app.deliveryOptions.list();
  if (options.some((o) => o.active && o.provinces.length > 0)) return push(ctx, state, { s: 'province' });
  return afterPlace(ctx, state);
}

/**
 * The delivery options serving the address (the web checkout's own list, cheapest first): none ends with
 * the shop's number; one is taken without asking; several are offered with their fees.
 */
async function afterPlace(ctx: MenuContext, state: MenuState): Promise<Answer> {
  const address = state.address!;
  const products = await choices(
    ctx,
    ctx.draft.lines.map((l) => l.productId),
  );
  const items = draftFigures(ctx, products).totals.itemsNgwee;
  const serving = await deliveryOptionsFor(ctx.app.deliveryOptions, address.province, address.city, items);
  state.deliveryOption = undefined;
  if (serving.length === 0)
    return push(ctx, state, {
      s: 'info',
      text: ctx.say('noDelivery', { place: placeOf(address), phone: ctx.shop.phone || '-' }),
    });
  if (serving.length === 1) return afterAddress(ctx, state);
  const options = serving.slice(0, PAGE_MOST).map((o) => {
    const fee = optionFee(o, items);
    const name = o.name.length > NAME_MOST ? `${o.name.slice(0, NAME_MOST - 2)}..` : o.name;
    return { id: o.id, label: `${name} ${fee === 0 ? ctx.say('free') : compactKwacha(toKwacha(fee))}` };
  });
  return push(ctx, state, { s: 'sent', options });
}

async function afterAddress(ctx: MenuContext, state: MenuState): Promise<Answer> {
  const user = await account(ctx);
  return push(ctx, state, user || state.name ? await summaryOf(ctx, state) : { s: 'name' });
}

function push(ctx: MenuContext, state: MenuState, screen: Screen, note?: string): Promise<Answer> {
  state.stack.push(screen);
  return show(ctx, state, note);
}

/** `quantity` more of the product, within the line's limits: `draft` may be another session's newer one. */
function withMore(draft: Draft, p: ProductChoice, quantity: number): Draft {
  const most = Math.min(p.countInStock, MAX_LINE_QUANTITY, 99);
  const line = draft.lines.find((l) => l.productId === p.id);
  if (!line && draft.lines.length >= MAX_ORDER_LINES) return draft;
  const lines = line
    ? draft.lines.map((l) => (l === line ? { ...l, quantity: Math.min(most, l.quantity + quantity) } : l))
    : [...draft.lines, { productId: p.id, quantity }];
  return { ...draft, lines };
}

/** Acts on one input on the screen on top, and answers the next screen. */
export async function step(ctx: MenuContext, state: MenuState, input: string): Promise<StepResult> {
  const { say } = ctx;
  const screen = top(state);
  const invalid = async () => ({ answer: await show(ctx, state, say('invalidChoice')) });
  if (input === '0' && state.stack.length > 1) {
    state.stack.pop();
    if (top(state).s === 'main') state.stack[state.stack.length - 1] = mainScreen(ctx);
    return { answer: await show(ctx, state) };
  }
  switch (screen.s) {
    case 'lang': {
      const n = choiceOf(input, USSD_LANGUAGES.length);
      const picked = n ? USSD_LANGUAGES[n - 1]!.code : null;
      if (!picked || !isUssdLanguage(picked)) return invalid();
      await saveLanguage(ctx.app.db, ctx.mobile.e164, picked);
      state.lang = picked;
      ctx.say = ctx.sayIn(picked);
      state.stack = [mainScreen(ctx)];
      return { answer: await show(ctx, state) };
    }
    case 'main': {
      const n = choiceOf(input, screen.options.length);
      if (!n) return invalid();
      const picked = screen.options[n - 1]!;
      if (picked === 'continue') return { answer: await push(ctx, state, { s: 'cart' }) };
      if (picked === 'shop')
        return { answer: await push(ctx, state, { s: 'cats', cats: await categoriesInStock(ctx.app.db) }) };
      if (picked === 'language') return { answer: await push(ctx, state, { s: 'lang' }) };
      if (picked === 'help')
        return { answer: draw('END', [say('helpText', { shop: ctx.shop.shopName, phone: ctx.shop.phone || '-' })]) };
      return { answer: await push(ctx, state, { s: 'info', text: await myOrders(ctx) }) };
    }
    case 'cats': {
      const n = choiceOf(input, screen.cats.length);
      if (!n) return invalid();
      return { answer: await push(ctx, state, await productPage(ctx, screen.cats[n - 1]!, 0)) };
    }
    case 'products': {
      if (input === '9' && screen.more)
        return {
          answer: await push(ctx, state, await productPage(ctx, screen.category, screen.offset + screen.ids.length)),
        };
      const n = choiceOf(input, screen.ids.length);
      if (!n) return invalid();
      const [p] = await choices(ctx, [screen.ids[n - 1]!]);
      if (!p || quantityLeft(ctx, p) <= 0)
        return { answer: await show(ctx, state, say('soldOutNow', { product: p?.name ?? '' })) };
      return { answer: await push(ctx, state, { s: 'qty', productId: p.id }) };
    }
    case 'qty': {
      const [p] = await choices(ctx, [screen.productId]);
      const max = p ? quantityLeft(ctx, p) : 0;
      const quantity = /^[0-9]{1,3}$/.test(input) ? Number(input) : NaN;
      if (!p || !(quantity >= 1 && quantity <= max))
        return { answer: await show(ctx, state, say('wrongQuantity', { max })) };
      const inDraft = ctx.draft.lines.some((l) => l.productId === p.id);
      if (!inDraft && ctx.draft.lines.length >= MAX_ORDER_LINES) return invalid();
      await changeDraft(ctx, (draft) => withMore(draft, p, quantity));
      state.stack.pop();
      return { answer: await push(ctx, state, { s: 'cart', added: true }) };
    }
    case 'cart': {
      const n = choiceOf(input, 3);
      if (!n) return invalid();
      if (ctx.draft.lines.length === 0 && n !== 2) return invalid();
      if (n === 1) return { answer: await checkout(ctx, state) };
      if (n === 2) return { answer: await push(ctx, state, { s: 'cats', cats: await categoriesInStock(ctx.app.db) }) };
      await changeDraft(ctx, () => ({ lines: [] }));
      state.stack = [mainScreen(ctx)];
      return { answer: await show(ctx, state, say('orderEmptied')) };
    }
    case 'delivery': {
      const n = choiceOf(input, 2);
      if (!n) return invalid();
      if (n === 2) return { answer: await push(ctx, state, { s: 'town' }) };
      state.address = screen.saved;
      return { answer: await afterPlace(ctx, state) };
    }
    case 'town': {
      const town = input.trim();
      if (!TOWN.test(town)) return { answer: await show(ctx, state, say('wrongTown')) };
      state.address = townAddress(town, ctx.mobile);
      await changeDraft(ctx, (draft) => ({ ...draft, town, province: undefined }));
      return { answer: await afterTown(ctx, state) };
    }
    case 'province': {
      const n = choiceOf(input, ZAMBIAN_PROVINCES.length);
      if (!n || !state.address) return invalid();
      const province = ZAMBIAN_PROVINCES[n - 1]!;
      state.address = { ...state.address, province };
      await changeDraft(ctx, (draft) => ({ ...draft, province }));
      return { answer: await afterPlace(ctx, state) };
    }
    case 'sent': {
      const n = choiceOf(input, screen.options.length);
      if (!n) return invalid();
      state.deliveryOption = screen.options[n - 1]!.id;
      return { answer: await afterAddress(ctx, state) };
    }
    case 'name': {
      const name = input.trim();
      if (name.length > 40 || /[0-9]/.test(name) || nameProblem(name, 'Name', 2))
        return { answer: await show(ctx, state, say('wrongName')) };
      state.name = name;
      return { answer: await push(ctx, state, await summaryOf(ctx, state)) };
    }
    case 'summary': {
      if (!choiceOf(input, 1)) return invalid();
      return confirm(ctx, state, screen);
    }
    case 'problem': {
      if (!choiceOf(input, 1)) return invalid();
      state.stack = [mainScreen(ctx), { s: 'cart' }];
      return { answer: await show(ctx, state) };
    }
    case 'info':
      return invalid();
  }
}

async function myOrders(ctx: MenuContext): Promise<string> {
  const { say } = ctx;
  const user = await account(ctx);
  const rows = user ? await lastOrders(ctx.app.db, user.id) : [];
  if (rows.length === 0) return say('noOrders');
  const lines = rows.map(
    (o) =>
      `#${orderReference(o.id)} ${compactKwacha(toKwacha(o.totalNgwee))} ${say(`status${o.status}` as TextKey)}, ${say(o.isPaid ? 'paid' : 'notPaid')}`,
  );
  return [say('ordersTitle'), ...lines].join('\n');
}

/** The summary drawn again from the draft as it is now, with a note that says why. */
async function summaryAgain(
  ctx: MenuContext,
  state: MenuState,
  screen: SummaryScreen,
  note: string,
): Promise<StepResult> {
  screen.quote = await quoteOf(ctx, addressOf(ctx, state), state.deliveryOption);
  return { answer: await show(ctx, state, note) };
}

type SummaryScreen = Extract<Screen, { s: 'summary' }>;

/**
 * Places what the summary showed (basket.ts placeQuote), or refuses with the summary as it is now: a
 * price or fee that moved, or a basket another session of the number changed. A basket that became an
 * order from another session is answered with that order.
 */
async function confirm(ctx: MenuContext, state: MenuState, screen: SummaryScreen): Promise<StepResult> {
  const { say, app } = ctx;
  const network = ctx.mobile.network;
  const shown = screen.quote;
  if (network === 'zamtel') return { answer: await show(ctx, state, say('invalidChoice')) };
  if (!shown) return summaryAgain(ctx, state, screen, say('orderChanged'));
  const { basket, address } = shown;
  if (!basket || !address || shown.lines.length === 0) return { answer: await show(ctx, state, say('invalidChoice')) };
  if (ctx.draft.id === basket && !sameFigures(await quoteOf(ctx, address, state.deliveryOption), shown))
    return summaryAgain(ctx, state, screen, say('pricesChanged'));
  let user = await account(ctx);
  if (!user) {
    if (!state.name) return { answer: await push(ctx, state, { s: 'name' }) };
    user = await openPhoneAccount(app.db, ctx.mobile.e164, state.name);
  }
  try {
    const { order, created } = await placeQuote(ctx, user, { ...shown, basket });
    ctx.draft = { lines: [] };
    const values = {
      number: `#${orderReference(order._id)}`,
      total: compactKwacha(order.totalPrice),
      network: NETWORK_NAMES[network],
    };
    const prompt = Boolean(app.payments.providers[network]);
    return {
      answer: draw('END', [say(prompt ? 'placedWithPrompt' : 'placedPayLater', values)]),
      placedOrderId: prompt && created ? order._id : undefined,
    };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const details = error.details ?? {};
    const product = typeof details.name === 'string' ? details.name : '';
    if (error.message === BASKET_CHANGED) {
      await reloadDraft(ctx);
      if (ctx.draft.lines.length > 0) return summaryAgain(ctx, state, screen, say('orderChanged'));
      state.stack = [mainScreen(ctx)];
      return { answer: await show(ctx, state, say('orderEmptied')) };
    }
    const unpaid = unpaidLimitSchema.safeParse(details.unpaidLimit);
    if (error.statusCode === 409 && unpaid.success) {
      // Unpaid orders of this number hold what they may (decision 056): nothing to change here, pay first.
      const phone = ctx.shop.phone || '-';
      const { orders, items, maxOrders, maxItems } = unpaid.data;
      const adding = ctx.draft.lines.reduce((sum, line) => sum + line.quantity, 0);
      const text =
        maxOrders > 0 && orders >= maxOrders
          ? say('unpaidOrders', { orders, phone })
          : say('unpaidItems', { max: maxItems, items: items + adding, phone });
      return { answer: draw('END', [text]) };
    }
    if (error.statusCode === 409 && (error.message === PRICES_CHANGED || 'totalAmount' in details))
      return summaryAgain(ctx, state, screen, say('pricesChanged'));
    if (error.statusCode === 409 && typeof details.countInStock === 'number')
      return {
        answer: await push(ctx, state, {
          s: 'problem',
          text: say('soldOut', { stock: details.countInStock, product }),
        }),
      };
    if (error.statusCode === 409 && 'product' in details)
      return { answer: await push(ctx, state, { s: 'problem', text: say('gone', { product }) }) };
    if (error.statusCode === 400)
      return { answer: draw('END', [say('orderTooLarge', { phone: ctx.shop.phone || '-' })]) };
    throw error;
  }
}
