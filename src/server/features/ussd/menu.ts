import { compactKwacha, toKwacha } from '../../../shared/money';
import { optionFee } from '../../../shared/delivery';
import { ZAMBIAN_PROVINCES } from '../../../shared/provinces';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../../../shared/schemas/orders';
import { nameProblem } from '../../../shared/person-name';
import { nameWithVariant } from '../../../shared/schemas/products';
import { draw, option, SCREEN_LIMIT, type Answer } from '../../../shared/ussd-screen';
import { USSD_LANGUAGES, isUssdLanguage } from '../../../shared/ussd-texts';
import { deliveryOptionsFor } from '../delivery';
import { findPhoneAccount, type UserRow } from '../users';
import { changeDraft, choices, draftFigures, isLineOf, unitOf } from './basket';
import { confirm } from './confirm';
import { earningsText } from './my-earnings';
import { myOrders, returnStep } from './return-steps';
import {
  categoriesInStock,
  lastAddress,
  productsInStock,
  saveLanguage,
  type Draft,
  type ProductChoice,
} from './queries';
import {
  FOOTER_ROOM,
  mainScreen,
  NAME_MOST,
  NOTE_ROOM,
  PAGE_MOST,
  placeOf,
  productLabel,
  push,
  quantityLeft,
  show,
  sizeLabel,
  sizeTitle,
  summaryOf,
  top,
  townAddress,
  type MenuContext,
  type MenuState,
  type Screen,
  type StepResult,
} from './screens';

/*
 * The menu's moves (docs/decisions/043-ussd-sessions.md): what each input does on the screen on top. The
 * screens and how they are drawn are in screens.ts, the confirm in confirm.ts, "My earnings" in my-earnings.ts.
 */

const TOWN = /^[\p{L}][\p{L} .'-]{1,39}$/u;

export function startState(ctx: MenuContext): MenuState {
  const lang = ctx.language ?? 'en';
  return { stack: [ctx.multilingual && !ctx.language ? { s: 'lang' } : mainScreen(ctx)], lang };
}

/** A choice from a numbered list: 1..count, else null. */
function choiceOf(input: string, count: number): number | null {
  if (!/^[0-9]{1,2}$/.test(input)) return null;
  const n = Number(input);
  return n >= 1 && n <= count ? n : null;
}

/**
 * How many of these options, from the first, one list screen shows (at least one, at most PAGE_MOST):
 * room is kept for the title or a note, whichever is longer, and for "9. More" and "0. Back".
 */
function fitting(labels: readonly string[], title = ''): number {
  const room = SCREEN_LIMIT - 'CON '.length - Math.max(NOTE_ROOM, title.length + 1) - FOOTER_ROOM;
  let used = 0;
  let count = 0;
  for (const [i, label] of labels.slice(0, PAGE_MOST).entries()) {
    const size = option(i + 1, label).length + 1;
    if (count > 0 && used + size > room) break;
    count += 1;
    used += size;
  }
  return count;
}

async function productPage(ctx: MenuContext, category: string, offset: number): Promise<Screen> {
  const candidates = await productsInStock(ctx.app.db, category, offset, PAGE_MOST + 1);
  for (const p of candidates) ctx.seen.set(p.id, p);
  const count = fitting(candidates.map((p) => productLabel(p, ctx.say)));
  const ids = candidates.slice(0, count).map((p) => p.id);
  return { s: 'products', category, offset, ids, more: candidates.length > ids.length };
}

/** A page of a product's sizes, from `offset`, each with its price and "(out)" when none is left. */
function sizePage(ctx: MenuContext, p: ProductChoice, offset: number): Screen {
  const rest = p.variants.slice(offset);
  const count = fitting(
    rest.map((v) => sizeLabel(v, ctx.say)),
    sizeTitle(p, ctx.say),
  );
  return { s: 'size', productId: p.id, offset, ids: rest.slice(0, count).map((v) => v.id), more: rest.length > count };
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

/**
 * `quantity` more of the product (in the size picked), within the line's limits: `draft` may be another
 * session's newer one. Each size is its own line.
 */
function withMore(draft: Draft, p: ProductChoice, variantId: string | undefined, quantity: number): Draft {
  const most = Math.min(unitOf(p, variantId)?.countInStock ?? 0, MAX_LINE_QUANTITY, 99);
  const line = draft.lines.find((l) => isLineOf(l, p.id, variantId));
  if (!line && draft.lines.length >= MAX_ORDER_LINES) return draft;
  const lines = line
    ? draft.lines.map((l) => (l === line ? { ...l, quantity: Math.min(most, l.quantity + quantity) } : l))
    : [...draft.lines, { productId: p.id, ...(variantId ? { variantId } : {}), quantity }];
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
      if (picked === 'earnings') {
        const text = ctx.member ? await earningsText(ctx) : null;
        if (text === null) {
          // No longer a member's number since the menu was drawn: the menu without it, as for a choice it lacks.
          state.stack[state.stack.length - 1] = mainScreen(ctx);
          return invalid();
        }
        return { answer: await push(ctx, state, { s: 'info', text }) };
      }
      if (picked === 'help')
        return { answer: draw('END', [say('helpText', { shop: ctx.shop.shopName, phone: ctx.shop.phone || '-' })]) };
      return { answer: await myOrders(ctx, state) };
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
      // A product with sizes asks which one first (a gift set has none: it orders like any product).
      if (p && p.options.length > 0 && p.countInStock > 0)
        return { answer: await push(ctx, state, sizePage(ctx, p, 0)) };
      if (!p || quantityLeft(ctx, p) <= 0)
        return { answer: await show(ctx, state, say('soldOutNow', { product: p?.name ?? '' })) };
      return { answer: await push(ctx, state, { s: 'qty', productId: p.id }) };
    }
    case 'size': {
      const [p] = await choices(ctx, [screen.productId]);
      if (!p) return invalid();
      if (input === '9' && screen.more)
        return { answer: await push(ctx, state, sizePage(ctx, p, screen.offset + screen.ids.length)) };
      const n = choiceOf(input, screen.ids.length);
      if (!n) return invalid();
      const variantId = screen.ids[n - 1]!;
      const unit = unitOf(p, variantId);
      if (!unit || quantityLeft(ctx, p, variantId) <= 0)
        return { answer: await show(ctx, state, say('soldOutNow', { product: nameWithVariant(p.name, unit?.label) })) };
      return { answer: await push(ctx, state, { s: 'qty', productId: p.id, variantId }) };
    }
    case 'qty': {
      const [p] = await choices(ctx, [screen.productId]);
      const max = p ? quantityLeft(ctx, p, screen.variantId) : 0;
      const quantity = /^[0-9]{1,3}$/.test(input) ? Number(input) : NaN;
      if (!p || !(quantity >= 1 && quantity <= max))
        return { answer: await show(ctx, state, say('wrongQuantity', { max })) };
      const inDraft = ctx.draft.lines.some((l) => isLineOf(l, p.id, screen.variantId));
      if (!inDraft && ctx.draft.lines.length >= MAX_ORDER_LINES) return invalid();
      await changeDraft(ctx, (draft) => withMore(draft, p, screen.variantId, quantity));
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
    default:
      return returnStep(ctx, state, screen, input);
  }
}
