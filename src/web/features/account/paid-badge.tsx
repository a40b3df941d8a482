import type { Order } from '../../../shared/schemas/orders';
import { Badge } from '../../components/ui/badge';

/** Paid once an admin has checked the money arrived; a sent transaction id is still waiting for that check. */
export function PaidBadge({ order }: { order: Pick<Order, 'isPaid' | 'paymentReference'> }) {
  if (order.isPaid) return <Badge tone="green">Paid</Badge>;
  return <Badge tone="neutral">{order.paymentReference ? 'Payment being checked' : 'Not paid'}</Badge>;
}
