import { useState } from 'react';
import { lineTotalInKwacha } from '../../../../shared/money';
import {
  ORDER_CHANNEL_LABELS,
  ORDER_STATUSES,
  orderReference,
  paymentMethodLabel,
  type OrderStatus,
} from '../../../../shared/order-status';
import type { Order } from '../../../../shared/schemas/orders';
import { deliveryLine } from '../../../../shared/delivery';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { ProductImage } from '../../../components/ui/product-image';
import { SelectField } from '../../../components/ui/select-field';
import { formatKwacha, formatDate } from '../../../lib/format';
import { useMarkOrderDelivered, useUpdateOrderStatus } from './api';
import { PaidBadge } from '../../../components/ui/paid-badge';
import { MarkPaidDialog } from './mark-paid-dialog';
import { MarkCollectedDialog } from './mark-collected-dialog';
import { MarkedPaid, OrderAttempts } from './order-payments';
import { Section } from './order-section';
import { OrderRefundsPanel } from '../refunds/order-refunds-panel';
import { FiscalReceiptLines } from './fiscal-receipt-lines';
import { statusChangeQuestion } from './status-change-question';
import { EditOrderDialog } from './edit-order-dialog';
import { isOrderEditable } from '../../../../shared/order-balance';
import { toKwacha } from '../../../../shared/money';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: status }));

interface OrderDetailsDialogProps {
  order: Order | null;
  onClose: () => void;
  /** The server's answer after paying or delivering, so the open dialog shows it (unless it reads the order's query). */
  onChanged?: (order: Order) => void;
}

export function OrderDetailsDialog({ order, onClose, onChanged }: OrderDetailsDialogProps) {
  const updateStatus = useUpdateOrderStatus();
  const markDelivered = useMarkOrderDelivered();
  const [markingPaid, setMarkingPaid] = useState(false);
  const [markingCollected, setMarkingCollected] = useState(false);
  const [editing, setEditing] = useState(false);
  // A change that tells the customer or cancels waits here for the admin's yes; 'deliver' is the button.
  const [asking, setAsking] = useState<{ status: OrderStatus; by: 'select' | 'deliver' } | null>(null);
  const busy = updateStatus.isPending || markDelivered.isPending;

  const close = (open: boolean) => {
    if (!open) onClose();
  };

  if (!order) return null;

  const address = order.shippingAddress;
  // SPEC §4: on success the dialog closes; on failure it stays open showing the old status.
  const applyStatus = (status: OrderStatus) =>
    updateStatus.mutate({ id: order._id, status }, { onSuccess: onClose, onSettled: () => setAsking(null) });
  const deliver = () => markDelivered.mutate(order._id, { onSuccess: onChanged, onSettled: () => setAsking(null) });
  const changeStatus = (status: OrderStatus) => {
    if (status === order.status) return;
    if (statusChangeQuestion(order, status)) setAsking({ status, by: 'select' });
    else applyStatus(status);
  };
  const question = asking ? statusChangeQuestion(order, asking.status) : null;

  return (
    <Dialog
      open
      onOpenChange={close}
      size="lg"
      title="Order Details"
      description={
        <>
          Order <span className="font-mono font-semibold text-bark-900">{orderReference(order._id)}</span>, placed{' '}
          {formatDate(order.createdAt)}
        </>
      }
      footer={
        <>
          {isOrderEditable(order) && (
            <Button variant="outline" disabled={busy} onClick={() => setEditing(true)} aria-haspopup="dialog">
              Edit order
            </Button>
          )}
          {!order.isPaid && order.status !== 'Cancelled' && (
            <Button variant="secondary" disabled={busy} onClick={() => setMarkingPaid(true)} aria-haspopup="dialog">
              Mark as Paid
            </Button>
          )}
          {order.isPaid && order.balanceDueNgwee > 0 && order.status !== 'Cancelled' && (
            <Button variant="secondary" disabled={busy} onClick={() => setMarkingPaid(true)} aria-haspopup="dialog">
              Record balance paid
            </Button>
          )}
          {order.collection && !order.collection.collectedAt && order.status !== 'Cancelled' && (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => setMarkingCollected(true)}
              aria-haspopup="dialog"
            >
              Mark collected
            </Button>
          )}
          {!order.isDelivered && !order.collection && (
            <Button
              variant="outline"
              disabled={busy}
              aria-haspopup="dialog"
              onClick={() =>
                statusChangeQuestion(order, 'Delivered') ? setAsking({ status: 'Delivered', by: 'deliver' }) : deliver()
              }
            >
              {markDelivered.isPending ? 'Saving...' : 'Mark as Delivered'}
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <div className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Section title="Order">
            <p className="font-mono text-sm break-all text-bark-900">{order._id}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <OrderStatusBadge status={order.status} />
              <PaidBadge isPaid={order.isPaid} />
            </div>
          </Section>
          <Section title="Customer">
            <p className="font-medium text-bark-900">{order.user?.name || 'N/A'}</p>
            <p className="text-sm break-all text-bark-700">{order.user?.email || 'N/A'}</p>
          </Section>
          <Section title="Shipping address">
            <address className="text-sm text-bark-800 not-italic">
              {address.address}
              <br />
              {address.city}, {address.province} {address.zipCode}
              <br />
              Phone: {address.phoneNumber}
            </address>
          </Section>
          {order.delivery && (
            <Section title="Delivery">
              <p className="text-sm font-medium text-bark-900" data-testid="admin-order-delivery">
                {deliveryLine(order.delivery)}
              </p>
              {order.delivery.estimate && <p className="text-sm text-bark-700">{order.delivery.estimate}</p>}
              {order.collection &&
                (order.collection.collectedAt ? (
                  <p className="mt-1 text-sm text-bark-900" data-testid="admin-order-collected">
                    Collected {formatDate(order.collection.collectedAt)} by {order.collection.collectedBy}
                  </p>
                ) : (
                  <p className="mt-1 text-sm break-all text-bark-700">
                    Keeper&apos;s link (send it to the pickup point):{' '}
                    <a className="underline" href={`/pickup/${order._id}`} data-testid="keeper-link">
                      {`${typeof window === 'undefined' ? '' : window.location.origin}/pickup/${order._id}`}
                    </a>
                  </p>
                ))}
            </Section>
          )}
          <Section title="Payment">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-bark-600">Placed by</dt>
              <dd className="text-bark-900">{ORDER_CHANNEL_LABELS[order.channel] ?? order.channel}</dd>
              <dt className="text-bark-600">Method</dt>
              <dd className="text-bark-900">{paymentMethodLabel(order.paymentMethod)}</dd>
              <dt className="text-bark-600">Reference</dt>
              <dd className="break-all text-bark-900">{order.paymentReference || 'None entered'}</dd>
              <dt className="text-bark-600">Paid</dt>
              <dd className="text-bark-900">
                {order.isPaid ? (order.paidAt ? `Yes, ${formatDate(order.paidAt)}` : 'Yes') : 'No'}
              </dd>
              {order.balanceDueNgwee > 0 && (
                <>
                  <dt className="text-bark-600">Balance due</dt>
                  <dd className="font-semibold text-red-800" data-testid="admin-balance-due">
                    {formatKwacha(toKwacha(order.balanceDueNgwee))}
                  </dd>
                </>
              )}
              <MarkedPaid order={order} />
              {order.isDelivered && (
                <>
                  <dt className="text-bark-600">Delivered</dt>
                  <dd className="text-bark-900">{order.deliveredAt ? formatDate(order.deliveredAt) : 'Yes'}</dd>
                </>
              )}
            </dl>
          </Section>
        </div>

        <Section title="Mobile-money payments">
          <OrderAttempts order={order} />
        </Section>

        <OrderRefundsPanel order={order} />

        {order.fiscalReceipt.status !== 'not-required' && (
          <Section title="Smart Invoice">
            <FiscalReceiptLines receipt={order.fiscalReceipt} />
          </Section>
        )}

        <Section title="Items">
          <ul className="divide-y divide-sand-200 rounded-xl border border-sand-200" aria-label="Items">
            {order.orderItems.map((item) => (
              <li key={item._id} className="flex items-center gap-3 p-3">
                {item.image && (
                  <ProductImage
                    url={item.image}
                    alt=""
                    sizes="48px"
                    width={48}
                    height={48}
                    className="h-12 w-12 shrink-0 rounded-lg"
                  />
                )}
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-bark-900">{item.name}</p>
                  <p className="text-sm text-bark-600">
                    {item.quantity} x {formatKwacha(item.price)}
                  </p>
                </div>
                <p className="shrink-0 font-semibold text-bark-900">
                  {formatKwacha(lineTotalInKwacha(item.price, item.quantity))}
                </p>
              </li>
            ))}
          </ul>
        </Section>

        <Section title="Summary">
          <dl className="space-y-1 text-sm">
            {(
              [
                ['Items Total', order.itemsPrice],
                ...(order.discountAmount > 0
                  ? ([[`Discount (${order.discountCode})`, -order.discountAmount]] as const)
                  : []),
                ['Tax', order.taxPrice],
                ['Shipping', order.shippingPrice],
              ] as const
            ).map(([label, amount]) => (
              <div key={label} className="flex justify-between gap-4">
                <dt className="text-bark-700">{label}</dt>
                <dd className="text-bark-900">{formatKwacha(amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 border-t border-sand-200 pt-2 text-base font-semibold">
              <dt className="text-bark-900">Total</dt>
              <dd className="text-bark-900">{formatKwacha(order.totalPrice)}</dd>
            </div>
          </dl>
        </Section>

        <Section title="Status">
          <SelectField
            label="Update Status"
            value={
              asking?.by === 'select'
                ? asking.status
                : updateStatus.isPending
                  ? updateStatus.variables.status
                  : order.status
            }
            options={STATUS_OPTIONS}
            disabled={busy}
            aria-busy={updateStatus.isPending || undefined}
            onChange={(event) => changeStatus(event.target.value as OrderStatus)}
          />
        </Section>
      </div>
      <MarkPaidDialog order={order} open={markingPaid} onOpenChange={setMarkingPaid} onPaid={onChanged} />
      <EditOrderDialog order={order} open={editing} onOpenChange={setEditing} onEdited={onChanged} />
      <MarkCollectedDialog
        order={order}
        open={markingCollected}
        onOpenChange={setMarkingCollected}
        onCollected={onChanged}
      />
      {/* Always there (open or not), so that closing it hands focus back to the select as a dialog should. */}
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={question?.title ?? ''}
        description={question?.description ?? ''}
        confirmLabel={question?.confirmLabel ?? ''}
        cancelLabel={question?.keepLabel}
        busy={busy}
        busyLabel="Saving..."
        tone={asking?.status === 'Cancelled' ? 'danger' : 'primary'}
        onConfirm={() => asking && (asking.by === 'deliver' ? deliver() : applyStatus(asking.status))}
      />
    </Dialog>
  );
}
