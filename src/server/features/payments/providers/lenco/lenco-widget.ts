import { toKwacha } from '../../../../../shared/money';
import { orderReference } from '../../../../../shared/order-status';
import type { CardWidget } from '../../../../../shared/schemas/payments';
import type { CardAttempt } from '../provider-definition';
import type { LencoSettings } from './lenco-settings';

/**
 * The options of Lenco's popup for a card attempt (docs/providers/lenco-api.md §2): the public key, our
 * attempt's reference, its exact amount in kwacha (Lenco's widget takes major units), ZMW, and the payer's
 * e-mail (required by the widget). Null for an attempt that is not a card (it has a phone) or without a key.
 */
export function lencoWidgetOptions(settings: LencoSettings, attempt: CardAttempt, email: string): CardWidget | null {
  if (!settings.publicKey || attempt.phone !== '') return null;
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

/** The origin of Lenco's widget script when cards go through it (a public key is set). */
export const lencoWidgetOrigin = (settings: LencoSettings): string | null =>
  settings.publicKey ? new URL(settings.widgetUrl).origin : null;
