import { useEffect, useState } from 'react';
import { orderReference } from '../../../../shared/order-status';
import type { Order } from '../../../../shared/schemas/orders';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useMarkOrderCollected } from './api';
import { paysOnCollection, type CollectionPayment } from '../../../../shared/payment-methods';
import { CollectionPaymentChoice } from '../../pickup';

interface MarkCollectedDialogProps {
  order: Order;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCollected?: (order: Order) => void;
}

/**
 * The parcel handed over at the counter (decision 038): the admin types the code the shopper shows, or
 * leaves it blank to confirm without it (the audit trail says which). The order becomes Delivered.
 */
export function MarkCollectedDialog({ order, open, onOpenChange, onCollected }: MarkCollectedDialogProps) {
  const collect = useMarkOrderCollected();
  const [code, setCode] = useState('');
  const [paidWith, setPaidWith] = useState<CollectionPayment | null>(null);
  useEffect(() => {
    if (open) {
      setCode('');
      setPaidWith(null);
    }
  }, [open]);
  // A pay-on-collection order still unpaid (decision 045): the money is taken now, and how is said.
  const takesMoney = paysOnCollection(order.paymentMethod) && !order.isPaid;
  // Any other order is handed over only once paid; the server refuses it too (409).
  const notPaid = !paysOnCollection(order.paymentMethod) && !order.isPaid;
  const save = () =>
    collect.mutate(
      { id: order._id, code, ...(takesMoney && paidWith ? { paidWith } : {}) },
      {
        onSuccess: (collected) => {
          onOpenChange(false);
          onCollected?.(collected);
        },
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !collect.isPending && onOpenChange(next)}
      title="Mark collected"
      description={
        <>
          Order <span className="font-mono font-semibold text-bark-900">{orderReference(order._id)}</span> at{' '}
          {order.delivery?.name}. Your name and the time are kept with the order, and whether the code was checked.
        </>
      }
      footer={
        <>
          <Button variant="outline" disabled={collect.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="mark-collected-form" disabled={collect.isPending || notPaid}>
            {collect.isPending
              ? 'Saving...'
              : code.trim()
                ? 'Check code and mark collected'
                : 'Mark collected without code'}
          </Button>
        </>
      }
    >
      <form
        id="mark-collected-form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {notPaid && (
          <p role="alert" className="mb-4 rounded-xl border-2 border-red-600 bg-red-50 p-3 font-semibold text-red-900">
            Not paid yet — do not hand it over. Mark it paid once the money has arrived, then mark it collected.
          </p>
        )}
        <TextField
          label="Collection code (from the customer's message)"
          hint="Leave blank to confirm without the code."
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={code}
          onInput={(event) => setCode((event.target as HTMLInputElement).value)}
        />
        {takesMoney && (
          <div className="mt-4">
            <CollectionPaymentChoice amount={order.totalPrice} value={paidWith} onChange={setPaidWith} />
          </div>
        )}
      </form>
    </Dialog>
  );
}
