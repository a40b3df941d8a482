import { HttpError } from '../../lib/http-errors';
import { draw } from '../../../shared/ussd-screen';
import { askReturn, returnableFor, returnWorth, type ReturnAsker } from '../returns';
import { findPhoneAccount } from '../users';
import { lastOrders } from './queries';
import { USSD_REASONS, type ReturnScreen } from './return-screens';
import { push, show, type MenuContext, type MenuState, type StepResult } from './screens';

/**
 * The moves of "My orders" and "Return an item" (decision 069): the same service as the web asks the
 * return, as the caller's own (the orders listed are the account's of the number that dialled).
 */
const CALLER: ReturnAsker = { kind: 'shopper', channel: 'ussd' };

function choiceOf(input: string, count: number): number | null {
  if (!/^[0-9]{1,2}$/.test(input)) return null;
  const n = Number(input);
  return n >= 1 && n <= count ? n : null;
}

/** "My orders": the account's last orders to pick from, or the info that there are none. */
export async function myOrders(ctx: MenuContext, state: MenuState) {
  const user = await findPhoneAccount(ctx.app.db, ctx.mobile.e164);
  const orders = user ? await lastOrders(ctx.app.db, user.id) : [];
  if (orders.length === 0) return push(ctx, state, { s: 'info', text: ctx.say('noOrders') });
  return push(ctx, state, { s: 'orders', orders });
}

const refusal = (error: unknown) => (error instanceof HttpError && error.statusCode < 500 ? error.message : null);

export async function returnStep(
  ctx: MenuContext,
  state: MenuState,
  screen: ReturnScreen,
  input: string,
): Promise<StepResult> {
  const { say, app } = ctx;
  const invalid = async () => ({ answer: await show(ctx, state, say('invalidChoice')) });
  switch (screen.s) {
    case 'orders': {
      const n = choiceOf(input, screen.orders.length);
      if (!n) return invalid();
      const order = screen.orders[n - 1]!;
      const returnable = await returnableFor(app, order.id, CALLER);
      return { answer: await push(ctx, state, { s: 'order', order, open: returnable.open }) };
    }
    case 'order': {
      if (!screen.open || !choiceOf(input, 1)) return invalid();
      const returnable = await returnableFor(app, screen.order.id, CALLER);
      const lines = returnable.lines
        .filter((l) => l.returnableQty > 0)
        .slice(0, 8)
        .map((l) => ({
          id: l.orderItemId,
          name: l.name,
          max: l.returnableQty,
          unopenedOnly: l.rule === 'unopened-only',
        }));
      if (!returnable.open || lines.length === 0)
        return { answer: draw('END', [say('returnNotAsked', { why: returnable.whyNot ?? '' })]) };
      return { answer: await push(ctx, state, { s: 'retLine', orderId: screen.order.id, lines }) };
    }
    case 'retLine': {
      const n = choiceOf(input, screen.lines.length);
      if (!n) return invalid();
      const line = screen.lines[n - 1]!;
      if (line.max === 1)
        return {
          answer: await push(ctx, state, {
            s: 'retWhy',
            orderId: screen.orderId,
            itemId: line.id,
            name: line.name,
            qty: 1,
            unopenedOnly: line.unopenedOnly,
          }),
        };
      return {
        answer: await push(ctx, state, {
          s: 'retQty',
          orderId: screen.orderId,
          itemId: line.id,
          name: line.name,
          max: line.max,
          unopenedOnly: line.unopenedOnly,
        }),
      };
    }
    case 'retQty': {
      const qty = /^[0-9]{1,3}$/.test(input) ? Number(input) : NaN;
      if (!(qty >= 1 && qty <= screen.max))
        return { answer: await show(ctx, state, say('wrongQuantity', { max: screen.max })) };
      const { s: _qty, max: _max, ...line } = screen;
      return { answer: await push(ctx, state, { ...line, s: 'retWhy', qty }) };
    }
    case 'retWhy': {
      const n = choiceOf(input, USSD_REASONS.length);
      if (!n) return invalid();
      const reason = USSD_REASONS[n - 1]!.value;
      const lines = [{ orderItemId: screen.itemId, qty: screen.qty }];
      const amountNgwee = await returnWorth(app, screen.orderId, CALLER, lines, reason);
      return { answer: await push(ctx, state, { ...screen, s: 'retConfirm', reason, amountNgwee }) };
    }
    case 'retConfirm': {
      if (!choiceOf(input, 1)) return invalid();
      try {
        const asked = await askReturn(app, screen.orderId, CALLER, {
          lines: [{ orderItemId: screen.itemId, qty: screen.qty }],
          reason: screen.reason,
          outcome: 'refund',
          unopened: screen.unopenedOnly,
        });
        return { answer: draw('END', [say('returnAsked', { number: asked.number, where: asked.where.text })]) };
      } catch (error) {
        const why = refusal(error);
        if (why === null) throw error;
        return { answer: draw('END', [say('returnNotAsked', { why })]) };
      }
    }
  }
}
