import { toKwacha } from '../../../../../shared/money';
import { orderReference } from '../../../../../shared/order-status';
import type { CardWidget } from '../../../../../shared/schemas/payments';
import type { AttemptRow } from '../../queries';
import { collectorFor, type Payments } from '../../service';
import type { LencoSettings } from './lenco-settings';

/**
 * The address given to Lenco's widget for a payer without one (a phone-only account; the widget requires
 * an e-mail): a no-reply address at the shop's own domain that names the order, never anyone else's
 * inbox (decision 036).
 */
export function placeholderPayerEmail(publicUrl: string, orderId: string): string {
  const host = new URL(publicUrl).hostname.replace(/^www\./, '');
  return `no-email+${orderReference(orderId).toLowerCase()}@${host.includes('.') ? host : `${host}.invalid`}`;
}

/**
 * The options of Lenco's popup for a card attempt (docs/providers/lenco-api.md §2): the public key, our
 * attempt's reference, its exact amount in kwacha (Lenco's widget takes major units), ZMW, and the payer's
 * e-mail (required by the widget). Null for an attempt that is not a card through Lenco.
 */
export function cardWidgetFor(
  settings: LencoSettings | undefined,
  attempt: AttemptRow,
  email: string,
): CardWidget | null {
  if (!settings?.publicKey || attempt.provider !== 'lenco' || attempt.phone !== '') return null;
  return {
    scriptUrl: settings.widgetUrl,
    key: settings.publicKey,
    reference: attempt.reference,
    amount: toKwacha(attempt.amountNgwee),
    currency: 'ZMW',
    email,
    label: `Order ${orderReference(attempt.orderId)}`,
  };
}

/** The origin of Lenco's widget script when the shop takes cards through it; null when cards are paid by hand. */
export function cardWidgetOrigin(payments: Payments | undefined): string | null {
  const lenco = payments?.settings.lenco;
  if (!payments || !lenco?.publicKey || !collectorFor(payments, 'creditCard')) return null;
  return new URL(lenco.widgetUrl).origin;
}
