import { collectionLabel } from '../../../../shared/payment-methods';
import { failureInPlainWords, providerWordsBeyond } from '../../../../shared/payment-failure';
import type { PaymentAttempt } from '../../../../shared/schemas/payments';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatDateTime, formatKwacha } from '../../../lib/format';

const STATE: Record<PaymentAttempt['state'], { label: string; tone: BadgeTone }> = {
  initiated: { label: 'Initiated', tone: 'blue' },
  pending: { label: 'Pending', tone: 'blue' },
  successful: { label: 'Successful', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  expired: { label: 'Expired', tone: 'neutral' },
};

/** "MTN Mobile Money", or "Zamtel Kwacha through Lenco": the method and, when another collected it, the provider. */
export const providerLabel = (provider: string, method: string = provider) => collectionLabel(provider, method);

/** The amount asked for, in its currency (kwacha as everywhere in the shop). */
export const attemptAmount = (attempt: Pick<PaymentAttempt, 'amount' | 'currency'>) =>
  attempt.currency === 'ZMW' ? formatKwacha(attempt.amount) : `${attempt.amount.toFixed(2)} ${attempt.currency}`;

/** Who was asked: "MTN Mobile Money · +260971234567". */
export function ProviderAndPhone({ attempt }: { attempt: Pick<PaymentAttempt, 'provider' | 'method' | 'phone'> }) {
  return (
    <>
      {providerLabel(attempt.provider, attempt.method)}
      {attempt.phone ? ' · ' : ''}
      <span className="font-mono">{attempt.phone}</span>
    </>
  );
}

/** A flagged attempt collected money that did not pay its order: that, not its provider's word, is what shows. */
export function AttemptStateBadge({ attempt, stuck = false }: { attempt: PaymentAttempt; stuck?: boolean }) {
  if (attempt.flagged) return <Badge tone="purple">Flagged</Badge>;
  if (stuck) return <Badge tone="amber">Pending too long</Badge>;
  const { label, tone } = STATE[attempt.state];
  return <Badge tone={tone}>{label}</Badge>;
}

/**
 * Why the attempt needs a person, in plain words: a flagged one says what went wrong and that the money
 * must be settled by hand (refunded, or kept for another order) with the provider's transaction id.
 */
export function AttemptNote({
  attempt,
  stuck = false,
  refundedNgwee = 0,
}: {
  attempt: PaymentAttempt;
  stuck?: boolean;
  /** What went back through it (the reconciliation list knows): a flagged one paid back in full needs no one. */
  refundedNgwee?: number;
}) {
  const flagNote = attempt.flagNote ?? 'Collected, but not as this order’s payment';
  if (attempt.flagged && refundedNgwee >= attempt.amountNgwee)
    return (
      <p className="text-sm text-bark-800">
        <span className="font-semibold text-forest-800">Refunded in full.</span> {flagNote}
      </p>
    );
  if (attempt.flagged && attempt.resolution) return <p className="text-sm text-bark-800">{flagNote}</p>;
  if (attempt.flagged) {
    return (
      <div className="rounded-xl border border-purple-200 bg-purple-50 p-3 text-sm text-purple-950">
        <p className="font-semibold">{flagNote}</p>
        <p className="mt-1">
          The money was collected but did not pay the order. Settle it by hand with{' '}
          {providerLabel(attempt.provider, attempt.method)}: refund it or count it towards the order.
          {attempt.providerTransactionId && (
            <>
              {' '}
              Transaction id <span className="font-mono font-semibold break-all">{attempt.providerTransactionId}</span>.
            </>
          )}
        </p>
      </div>
    );
  }
  if (stuck)
    return (
      <p className="text-sm text-bark-800">
        No final answer from {providerLabel(attempt.provider, attempt.method)} yet: check it in the provider’s portal.
      </p>
    );
  if (attempt.state === 'failed' || attempt.state === 'expired') return <FailureReason attempt={attempt} />;
  return null;
}

/** The reason in plain words (one wording with the shopper's panel), and the provider's own words when they say more. */
function FailureReason({ attempt }: { attempt: PaymentAttempt }) {
  const providerWords = providerWordsBeyond(attempt);
  return (
    <p className="text-sm text-bark-800">
      {failureInPlainWords(attempt)}
      {providerWords && (
        <span className="block text-xs text-bark-600">
          {providerLabel(attempt.provider, attempt.method)} said:{' '}
          <span className="font-mono break-all">{providerWords}</span>
        </span>
      )}
    </p>
  );
}

/** Who dealt with the attempt, when and what they did (admins only). */
export function AttemptResolution({ attempt }: { attempt: PaymentAttempt }) {
  const resolution = attempt.resolution;
  if (!resolution) return null;
  return (
    <div className="rounded-xl border border-forest-200 bg-forest-50 p-3 text-sm text-forest-900">
      <p className="font-semibold">
        Dealt with by {resolution.by.name || 'a former admin'}, {formatDateTime(resolution.at)}
      </p>
      <p className="mt-1 break-words">{resolution.note}</p>
    </div>
  );
}
