import { isToldToCustomer, type OrderStatus } from '../../../../shared/order-status';
import { readZambianMobile } from '../../../../shared/phone-numbers';
import type { Order } from '../../../../shared/schemas/orders';

export interface StatusChangeQuestion {
  title: string;
  description: string;
  confirmLabel: string;
  keepLabel: string;
}

type Channel = 'e-mail' | 'text';

/**
 * How the customer hears of a change, as the server sends it: an e-mail to the account's address, and a
 * text to the account's sign-in number or else to the delivery phone when it is a mobile. An account
 * without an e-mail signs in by phone, so it has a number for texts.
 */
function channelsOf(order: Order): Channel[] {
  const email = Boolean(order.user?.email);
  const text = readZambianMobile(order.shippingAddress.phoneNumber).ok || (order.user !== null && !email);
  return [...(email ? ['e-mail' as const] : []), ...(text ? ['text' as const] : [])];
}

const NOT_TOLD = 'The order has no e-mail or mobile number, so the customer is not told.';

/** Null when the change tells nobody and moves no stock: it is made at once. */
export function statusChangeQuestion(order: Order, status: OrderStatus): StatusChangeQuestion | null {
  if (status === order.status || !isToldToCustomer(status)) return null;
  const channels = channelsOf(order);
  if (status === 'Cancelled') {
    return {
      title: 'Cancel this order?',
      description:
        channels.length > 0
          ? `Stock goes back and the customer is told by ${channels.join(' and ')}.`
          : `Stock goes back. ${NOT_TOLD}`,
      confirmLabel: 'Cancel order',
      keepLabel: 'Keep order',
    };
  }
  const gets = channels.map((channel) => (channel === 'e-mail' ? 'an e-mail' : 'a text')).join(' and ');
  return {
    title: `Mark as ${status}?`,
    description: channels.length > 0 ? `The customer gets ${gets}.` : NOT_TOLD,
    confirmLabel: `Mark as ${status}`,
    keepLabel: 'Cancel',
  };
}
