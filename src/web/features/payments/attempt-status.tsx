import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Smartphone from 'lucide-react/icons/smartphone';
import { isLiveState, type PaymentAttempt } from '../../../shared/schemas/payments';
import { failureInPlainWords } from '../../../shared/payment-failure';
import { formatKwacha, toKwacha } from '../../../shared/money';

/** +260971234567 as people write it: +260 97 123 4567. */
const readablePhone = (e164: string) => e164.replace(/^\+260(\d{2})(\d{3})(\d{4})$/, '+260 $1 $2 $3');

/**
 * What the attempt is doing, in words for the shopper: the text of the panel's live region. The amount is
 * the attempt's own (what was asked of her wallet or card), not what the order still owes, which is 0 once
 * it is paid.
 */
export function AttemptStatus({ attempt }: { attempt: PaymentAttempt }) {
  const amount = formatKwacha(toKwacha(attempt.amountNgwee));
  if (isLiveState(attempt.state)) {
    return (
      <div className="flex gap-3">
        <Smartphone size={28} aria-hidden="true" className="mt-0.5 shrink-0 animate-pulse text-forest-700" />
        <div>
          <p className="text-lg font-bold">Check your phone and enter your PIN to pay {amount}</p>
          <p className="mt-1 text-bark-700">
            We sent the request to <span className="whitespace-nowrap">{readablePhone(attempt.phone)}</span>. Waiting
            for your approval...
          </p>
        </div>
      </div>
    );
  }
  if (attempt.state === 'successful') {
    return (
      <div className="flex gap-3">
        <CircleCheck size={28} aria-hidden="true" className="mt-0.5 shrink-0 text-forest-700" />
        <div>
          <p className="text-lg font-bold text-forest-900">
            {attempt.flagged ? 'Payment received, being checked' : 'Payment received'}
          </p>
          <p className="mt-1 text-bark-700">
            {attempt.flagged
              ? 'The amount collected does not match this order. The cooperative will check it and contact you.'
              : `${amount} ${attempt.phone ? `from ${readablePhone(attempt.phone)}` : 'by card'}. Thank you!`}
          </p>
          {attempt.providerTransactionId && (
            <p className="mt-1 text-sm text-bark-700">
              Transaction ID <span className="font-mono break-all">{attempt.providerTransactionId}</span>
            </p>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="flex gap-3">
      <CircleAlert size={28} aria-hidden="true" className="mt-0.5 shrink-0 text-red-800" />
      <div>
        <p className="text-lg font-bold text-red-900">
          {attempt.state === 'expired' ? 'The payment request expired' : 'Payment not completed'}
        </p>
        <p className="mt-1" data-testid="payment-failure">
          {failureInPlainWords(attempt)}
        </p>
      </div>
    </div>
  );
}
