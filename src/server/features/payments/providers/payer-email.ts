import { orderReference } from '../../../../shared/order-status';

/**
 * The address given to a card widget for a payer without one (a phone-only account; Lenco's widget requires
 * an e-mail): a no-reply address at the shop's own domain that names the order, never anyone else's
 * inbox (decision 036).
 */
export function placeholderPayerEmail(publicUrl: string, orderId: string): string {
  const host = new URL(publicUrl).hostname.replace(/^www\./, '');
  return `no-email+${orderReference(orderId).toLowerCase()}@${host.includes('.') ? host : `${host}.invalid`}`;
}
