import { useState } from 'react';
import { toKwacha } from '../../../../shared/money';
import type { Order } from '../../../../shared/schemas/orders';
import type { OrderRefunds, Refund } from '../../../../shared/schemas/refunds';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatKwacha } from '../../../lib/format';
import { Section } from '../orders/order-section';
import { useOrderRefunds } from './api';
import { CancelRefundDialog } from './cancel-refund-dialog';
import { RefundEntry } from './refund-entry';
import { RefundFormDialog } from './refund-form-dialog';
import { REFUND_STATUS_WORDS } from './refund-words';

const kwacha = (ngwee: number) => formatKwacha(toKwacha(ngwee));

function MoneyBothWays({ money }: { money: OrderRefunds }) {
  const rows: [string, number][] = [
    ['Collected', money.collectedNgwee],
    ['Refunded', money.refundedNgwee],
    ...(money.pendingNgwee > 0 ? ([['Asked, not yet sent back', money.pendingNgwee]] as [string, number][]) : []),
  ];
  return (
    <dl className="space-y-1 text-sm" data-testid="refund-money">
      {rows.map(([label, ngwee]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-bark-700">{label}</dt>
          <dd className="text-bark-900 tabular-nums">{kwacha(ngwee)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-sand-200 pt-1 font-semibold">
        <dt className="text-bark-900">Net</dt>
        <dd className="text-bark-900 tabular-nums">{kwacha(money.netNgwee)}</dd>
      </div>
    </dl>
  );
}

/**
 * The order's money both ways: what was collected, refunded and kept, each refund with who asked and who
 * approved, and the Refund form. Shown once the order has taken money (docs/decisions/030-refunds.md).
 */
export function OrderRefundsPanel({ order }: { order: Order }) {
  const refunds = useOrderRefunds(order._id);
  const [asking, setAsking] = useState(false);
  const [cancelling, setCancelling] = useState<Refund | null>(null);

  if (refunds.isPending)
    return (
      <Section title="Refunds">
        <p role="status" className="text-sm text-bark-700">
          Loading refunds...
        </p>
      </Section>
    );
  if (refunds.isError)
    return (
      <Section title="Refunds">
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          Failed to load the refunds.
          <Button size="sm" variant="outline" onClick={() => void refunds.refetch()} disabled={refunds.isFetching}>
            Try Again
          </Button>
        </div>
      </Section>
    );
  const money = refunds.data;
  // An order that never took money has nothing to send back: no panel.
  if (money.collectedNgwee === 0 && money.refunds.length === 0) return null;
  const canAsk = money.refundableNgwee > 0 && money.sources.some((source) => source.refundableNgwee > 0);

  return (
    <Section title="Refunds">
      <div className="space-y-3">
        {money.status !== 'none' && <Badge tone="purple">{REFUND_STATUS_WORDS[money.status]}</Badge>}
        <MoneyBothWays money={money} />
        {canAsk ? (
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setAsking(true)}>
            Refund
          </Button>
        ) : (
          <p className="text-sm text-bark-700">Everything collected has gone back or is on its way.</p>
        )}
        {money.refunds.length === 0 ? (
          <p className="text-sm text-bark-700">No refunds yet.</p>
        ) : (
          <ul className="divide-y divide-sand-200 rounded-xl border border-sand-200" aria-label="Refunds">
            {money.refunds.map((refund) => (
              <RefundEntry key={refund._id} refund={refund} onCancel={setCancelling} />
            ))}
          </ul>
        )}
        {canAsk && (
          <RefundFormDialog orderId={order._id} money={money} open={asking} onClose={() => setAsking(false)} />
        )}
        <CancelRefundDialog refund={cancelling} onClose={() => setCancelling(null)} />
      </div>
    </Section>
  );
}
