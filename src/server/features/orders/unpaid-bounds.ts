import type { UnpaidOrderSettings } from '../../config';
import type { Tx } from '../../db/client';
import { Conflict } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import { formatZambianMobile } from '../../../shared/phone-numbers';
import type { UnpaidLimit } from '../../../shared/schemas/orders';
import { lockHolders, unpaidOrdersOf, type HeldOrder } from './unpaid-queries';

/**
 * What unpaid orders may hold (decision 056): at most `maxOrders` open unpaid orders and `maxItems` items in
 * them, for one account and for one phone number (the order's delivery phone, and the account's sign-in
 * number: a USSD caller's is both). Never by address: many shoppers share a carrier's. A new order that
 * would pass a bound is refused with a 409 saying so in plain words; the shopper pays an order first.
 */

type Holder = { kind: 'account'; userId: string } | { kind: 'phone'; mobile: string };

const keyOf = (holder: Holder) =>
  holder.kind === 'account' ? `coop-shop:unpaid:account:${holder.userId}` : `coop-shop:unpaid:phone:${holder.mobile}`;

function heldBy(holder: Holder, orders: readonly HeldOrder[]) {
  const mine = orders.filter((order) =>
    holder.kind === 'account'
      ? order.userId === holder.userId
      : order.contactMobile === holder.mobile || order.ownerMobile === holder.mobile,
  );
  return { orders: mine.length, items: mine.reduce((sum, order) => sum + order.items, 0) };
}

/**
 * In the order's transaction, before its stock is taken: locks its holders (so parallel orders of one
 * account or number are counted one after the other), counts what they hold unpaid, and throws the 409
 * when this order would pass a bound. Admins are not bounded: they can set stock by hand anyway.
 */
export async function refuseOverUnpaidBounds(
  tx: Tx,
  rules: UnpaidOrderSettings | undefined,
  customer: CurrentUser,
  contactMobile: string | null,
  items: number,
): Promise<void> {
  if (!rules || (rules.maxOrders === 0 && rules.maxItems === 0) || customer.isAdmin) return;
  const mobiles = [...new Set([contactMobile, customer.mobile].filter((m): m is string => Boolean(m)))];
  const holders: Holder[] = [
    { kind: 'account', userId: customer.id },
    ...mobiles.map((mobile) => ({ kind: 'phone' as const, mobile })),
  ];
  await lockHolders(tx, holders.map(keyOf));
  const held = await unpaidOrdersOf(tx, customer.id, mobiles);
  for (const holder of holders) {
    const now = heldBy(holder, held);
    const limit: UnpaidLimit = {
      holder: holder.kind,
      orders: now.orders,
      items: now.items,
      maxOrders: rules.maxOrders,
      maxItems: rules.maxItems,
    };
    if (rules.maxOrders > 0 && now.orders + 1 > rules.maxOrders)
      throw Conflict(tooManyOrders(holder, now.orders), { unpaidLimit: limit });
    if (rules.maxItems > 0 && now.items + items > rules.maxItems)
      throw Conflict(tooManyItems(holder, now.items, items, rules.maxItems), { unpaidLimit: limit });
  }
}

const PAY_FIRST =
  'Please pay for one of them before placing another, or ask the shop to cancel one you no longer want.';

function tooManyOrders(holder: Holder, orders: number): string {
  const who =
    holder.kind === 'account'
      ? 'You already have'
      : `The phone number ${formatZambianMobile(holder.mobile)} already has`;
  return `${who} ${orders} ${orders === 1 ? 'order' : 'orders'} waiting for payment. ${PAY_FIRST}`;
}

function tooManyItems(holder: Holder, held: number, adding: number, max: number): string {
  const forWho = holder.kind === 'account' ? '' : ' for one phone number';
  const bound = `Orders waiting for payment can hold at most ${max} items${forWho}`;
  if (held === 0)
    return `${bound}, and this order has ${adding}. Please order fewer items, or contact the shop for a large order.`;
  const whose =
    holder.kind === 'account' ? 'Your unpaid orders' : `Unpaid orders for ${formatZambianMobile(holder.mobile)}`;
  const room = Math.max(0, max - held);
  const left = room === 0 ? 'so this order cannot add any' : `so this order can add ${room} more`;
  return `${bound}. ${whose} already hold ${held}, ${left}. Please pay for an order first, or order fewer items.`;
}
