import { HttpError } from '../../lib/http-errors';
import { compactKwacha } from '../../../shared/money';
import { orderReference } from '../../../shared/order-status';
import { NETWORK_NAMES } from '../../../shared/phone-numbers';
import { unpaidLimitSchema } from '../../../shared/schemas/orders';
import { draw } from '../../../shared/ussd-screen';
import { PRICES_CHANGED } from '../orders';
import { findPhoneAccount, openPhoneAccount } from '../users';
import { BASKET_CHANGED, placeQuote, quoteOf, reloadDraft, sameFigures } from './basket';
import {
  addressOf,
  mainScreen,
  push,
  show,
  type MenuContext,
  type MenuState,
  type Screen,
  type StepResult,
} from './screens';

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
export async function confirm(ctx: MenuContext, state: MenuState, screen: SummaryScreen): Promise<StepResult> {
  const { say, app } = ctx;
  const network = ctx.mobile.network;
  const shown = screen.quote;
  if (network === 'zamtel') return { answer: await show(ctx, state, say('invalidChoice')) };
  if (!shown) return summaryAgain(ctx, state, screen, say('orderChanged'));
  const { basket, address } = shown;
  if (!basket || !address || shown.lines.length === 0) return { answer: await show(ctx, state, say('invalidChoice')) };
  if (ctx.draft.id === basket && !sameFigures(await quoteOf(ctx, address, state.deliveryOption), shown))
    return summaryAgain(ctx, state, screen, say('pricesChanged'));
  let user = await findPhoneAccount(app.db, ctx.mobile.e164);
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
