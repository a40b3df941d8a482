import { formatKwacha, toKwacha } from '../../../shared/money';
import type { RefundStatus } from '../../../shared/refunds';

interface Refunded {
  refundedNgwee?: number;
  refundStatus?: RefundStatus;
  totalPrice: number;
}

/** What the shopper is told of money sent back, under the paid mark: nothing until a refund reached them. */
export function refundWords({ refundedNgwee = 0, refundStatus = 'none', totalPrice }: Refunded): string | null {
  if (refundStatus === 'none' || refundedNgwee <= 0) return null;
  const refunded = formatKwacha(toKwacha(refundedNgwee));
  // Of a double payment part may come back and still be the whole order's total: then "of" would mislead.
  if (refundStatus === 'partly refunded' && toKwacha(refundedNgwee) < totalPrice)
    return `Partly refunded: ${refunded} of ${formatKwacha(totalPrice)}`;
  return `Refunded ${refunded}`;
}

/** The shopper's order page and its link page (docs/decisions/030-refunds.md). */
export function RefundMark({ order }: { order: Refunded }) {
  const words = refundWords(order);
  if (!words) return null;
  return (
    // No icon: an icon used by two screens would ride in the storefront's first-load 'shared' chunk (vite.config.ts).
    <p
      className="rounded-2xl border-2 border-sand-300 bg-white p-4 font-semibold text-bark-900"
      data-testid="refund-mark"
    >
      {words}
    </p>
  );
}
