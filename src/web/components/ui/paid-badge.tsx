import { Badge } from './badge';

/**
 * One wording for the paid state in the account and the back office. Paid once an admin has checked the
 * money arrived; a sent transaction id is still waiting for that check.
 */
export function PaidBadge({ isPaid, paymentReference }: { isPaid: boolean; paymentReference?: string | null }) {
  if (isPaid) return <Badge tone="green">Paid</Badge>;
  return <Badge tone="neutral">{paymentReference ? 'Payment being checked' : 'Unpaid'}</Badge>;
}
