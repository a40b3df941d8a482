import { NotFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import type { AuditActor } from '../audit';
import type { OrderForReturn } from '../orders';

/** Who asks: a signed-in user (the order's owner, or an admin for her), or a shopper proven by a signed link or USSD. */
export type ReturnAsker =
  { kind: 'user'; user: Pick<CurrentUser, 'id' | 'name' | 'isAdmin'> } | { kind: 'shopper'; channel: 'link' | 'ussd' };

export type Admin = Pick<CurrentUser, 'id' | 'name'>;

export const orderNotFound = () => NotFound('Order not found');
export const returnNotFound = () => NotFound('Return not found');

/** The owner or an admin (404 for anyone else, as an order); a link's or USSD's shopper was proven already. */
export function mayReach(asker: ReturnAsker, found: OrderForReturn | null): found is OrderForReturn {
  if (!found) return false;
  return asker.kind === 'shopper' || asker.user.isAdmin || found.order.userId === asker.user.id;
}

export function actorOf(asker: ReturnAsker, found: OrderForReturn): AuditActor {
  if (asker.kind === 'user') return { id: asker.user.id, name: asker.user.name };
  const by = asker.channel === 'ussd' ? 'USSD' : 'order link';
  return { id: null, name: `${found.order.customerName || 'Shopper'} (${by})` };
}

export const channelOf = (asker: ReturnAsker, found: OrderForReturn) =>
  asker.kind === 'shopper' ? asker.channel : asker.user.id === found.order.userId ? 'web' : 'admin';
