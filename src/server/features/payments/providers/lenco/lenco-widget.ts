import { toKwacha } from '../../../../../shared/money';
import { orderReference } from '../../../../../shared/order-status';
import type { CardWidget } from '../../../../../shared/schemas/payments';
import type { AttemptRow } from '../../queries';
import type { LencoSettings } from './lenco-settings';

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
