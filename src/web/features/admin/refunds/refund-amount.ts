import { formatKwacha, toKwacha, toNgwee } from '../../../../shared/money';

/** The server's own words for too much (409), so the form and the server say the same. */
export const mostThatMayGoBack = (maxNgwee: number, what: RefundLimit = 'for this order') =>
  `At most ${formatKwacha(toKwacha(maxNgwee))} can go back ${what}`;

/** Which limit binds: the order's rest, or (smaller) the rest of the payment it goes back through. */
export type RefundLimit = 'for this order' | 'through this payment';

/** Kwacha as typed ("120", "120.5", "K 1,200.00") in whole ngwee, or the reason it is not an amount. */
export function readRefundAmount(
  typed: string,
  maxNgwee: number,
  what?: RefundLimit,
): { ngwee: number } | { error: string } {
  const plain = typed
    .replace(/^\s*K\s*/i, '')
    .replaceAll(',', '')
    .trim();
  if (plain === '') return { error: 'Enter the amount to send back' };
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return { error: 'Enter an amount in kwacha, for example 120.50' };
  const ngwee = toNgwee(Number(plain));
  if (ngwee < 1) return { error: 'The amount must be more than K 0.00' };
  if (ngwee > maxNgwee) return { error: mostThatMayGoBack(maxNgwee, what) };
  return { ngwee };
}

/** Whole ngwee as the amount field shows it: "120.00". */
export const amountText = (ngwee: number) => toKwacha(ngwee).toFixed(2);
