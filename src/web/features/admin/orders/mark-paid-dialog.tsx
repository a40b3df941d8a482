import { useRef, useState, type FormEvent } from 'react';
import { orderReference } from '../../../../shared/order-status';
import { PAYMENT_NOTE_MAX_LENGTH, type Order } from '../../../../shared/schemas/orders';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { formatKwacha } from '../../../lib/format';
import { useMarkOrderPaid } from './api';

const FORM_ID = 'mark-paid-form';

interface MarkPaidDialogProps {
  order: Order;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server's answer: the order, paid, with who marked it and why. */
  onPaid: (order: Order) => void;
}

/**
 * Marking an order paid by hand asks why: the reason is kept with the admin's name and the time, so the
 * co-op can later tell how money that never passed through a provider was checked.
 */
export function MarkPaidDialog({ order, open, onOpenChange, onPaid }: MarkPaidDialogProps) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const markPaid = useMarkOrderPaid();
  // The one thing this dialog asks: the admin types at once.
  const reasonField = useRef<HTMLTextAreaElement>(null);

  const changeOpen = (next: boolean) => {
    if (markPaid.isPending) return;
    if (!next) setProblem('');
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reason = note.trim();
    if (!reason) {
      setProblem('Please say how the payment arrived');
      return;
    }
    setProblem('');
    markPaid.mutate(
      { id: order._id, note: reason },
      {
        onSuccess: (paid) => {
          setNote('');
          onOpenChange(false);
          onPaid(paid);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title="Mark as Paid"
      initialFocus={reasonField}
      description={
        <>
          Order <span className="font-mono font-semibold text-bark-900">{orderReference(order._id)}</span>, {formatKwacha(order.totalPrice)}. Your
          name, the time and this reason are kept with the order.
        </>
      }
      footer={
        <>
          <Button variant="outline" onClick={() => changeOpen(false)} disabled={markPaid.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={markPaid.isPending}>
            {markPaid.isPending ? 'Saving...' : 'Mark as Paid'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <TextAreaField
          label="How was it paid?"
          placeholder="For example: cash at the market stall, or MTN transaction 1234567 seen on the co-op's phone"
          rows={4}
          maxLength={PAYMENT_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={problem || undefined}
          required
          ref={reasonField}
        />
      </form>
    </Dialog>
  );
}
