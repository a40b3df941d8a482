import { z } from 'zod';
import { toKwacha } from '../../../../shared/money';
import { orderReference } from '../../../../shared/order-status';
import { text } from '../../../../shared/schemas/common';
import { PAYMENT_NOTE_MAX_LENGTH, type Order } from '../../../../shared/schemas/orders';
import { formatKwacha } from '../../../lib/format';
import { NoteDialog } from '../shared/note-dialog';
import { useMarkOrderPaid } from './api';

/** The server's rule for the note (payOrderSchema), which the admin must give here. */
const reasonSchema = z.object({
  note: text(PAYMENT_NOTE_MAX_LENGTH, 'note').min(1, 'Please say how the payment arrived'),
});

interface MarkPaidDialogProps {
  order: Order;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server's answer: the order, paid, with who marked it and why. */
  onPaid?: (order: Order) => void;
}

/**
 * Marking an order paid by hand asks why: the reason is kept with the admin's name and the time, so the
 * co-op can later tell how money that never passed through a provider was checked.
 */
export function MarkPaidDialog({ order, open, onOpenChange, onPaid }: MarkPaidDialogProps) {
  const markPaid = useMarkOrderPaid();
  // A paid order an edit raised owes its balance (decision 070): the same mark records it.
  const balance = order.isPaid && order.balanceDueNgwee > 0;
  return (
    <NoteDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={balance ? 'Record balance paid' : 'Mark as Paid'}
      description={
        <>
          Order <span className="font-mono font-semibold text-bark-900">{orderReference(order._id)}</span>,{' '}
          {balance ? `balance of ${formatKwacha(toKwacha(order.balanceDueNgwee))}` : formatKwacha(order.totalPrice)}.
          Your name, the time and this reason are kept with the order.
        </>
      }
      formId="mark-paid-form"
      label="How was it paid?"
      placeholder="For example: cash at the market stall, or MTN transaction 1234567 seen on the co-op's phone"
      maxLength={PAYMENT_NOTE_MAX_LENGTH}
      schema={reasonSchema}
      saving={markPaid.isPending}
      onSave={(note) =>
        markPaid.mutate(
          { id: order._id, note },
          {
            onSuccess: (paid) => {
              onOpenChange(false);
              onPaid?.(paid);
            },
          },
        )
      }
    />
  );
}
