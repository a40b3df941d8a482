import { useEffect, useMemo, useState } from 'react';
import { orderReference } from '../../../../shared/order-status';
import { EDIT_NOTE_MAX_LENGTH, type PreviewOrderEditInput } from '../../../../shared/schemas/order-edits';
import type { Order } from '../../../../shared/schemas/orders';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/failure-message';
import { EditDelivery, type DraftDelivery } from './edit-delivery';
import { EditLines, draftKey, type DraftLine } from './edit-lines';
import { EditPreviewPanel } from './edit-preview';
import { EditProductPicker } from './edit-product-picker';
import { useEditOrder, useOrderEditPreview } from './edit-api';
import { Section } from './order-section';

interface EditOrderDialogProps {
  order: Order;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The order as the server answered it after the edit. */
  onEdited?: (order: Order) => void;
}

const linesOf = (order: Order): DraftLine[] =>
  order.orderItems.flatMap((item) =>
    item.product
      ? [
          {
            productId: item.product,
            ...(item.variant ? { variantId: item.variant } : {}),
            name: item.name,
            price: item.price,
            qty: item.quantity,
          },
        ]
      : [],
  );

const deliveryOf = (order: Order): DraftDelivery => ({
  deliveryOption: order.delivery?.option ?? '',
  shippingAddress: order.shippingAddress,
});

/** Waits until typing pauses, so a preview is asked once per change rather than per key. */
function useSettled<T>(value: T, ms = 350): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Edit order (docs/decisions/070-order-edits.md), phone first: quantities, remove a line, add a product (search,
 * a button per size), the delivery option, pickup point or address; the server's preview (new total and the
 * difference: to collect or to refund) follows each change; Confirm makes it, with the reason kept.
 */
export function EditOrderDialog({ order, open, onOpenChange, onEdited }: EditOrderDialogProps) {
  const [lines, setLines] = useState<DraftLine[]>(() => linesOf(order));
  const [delivery, setDelivery] = useState<DraftDelivery>(() => deliveryOf(order));
  const [changeDelivery, setChangeDelivery] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const edit = useEditOrder(order._id);

  // Started afresh from the order each time the dialog opens; a refetch of the order meanwhile keeps the draft.
  const [openedFor, setOpenedFor] = useState<Order | null>(null);
  if (open && openedFor === null) {
    setOpenedFor(order);
    setLines(linesOf(order));
    setDelivery(deliveryOf(order));
    setChangeDelivery(false);
    setNote('');
    setNoteError(undefined);
  } else if (!open && openedFor !== null) setOpenedFor(null);

  const body = useMemo<PreviewOrderEditInput>(
    () => ({
      lines: lines.map((l) => ({
        productId: l.productId,
        ...(l.variantId ? { variantId: l.variantId } : {}),
        qty: l.qty,
      })),
      ...(changeDelivery
        ? {
            delivery: {
              deliveryOption: delivery.deliveryOption || undefined,
              shippingAddress: delivery.shippingAddress,
            },
          }
        : {}),
    }),
    [lines, delivery, changeDelivery],
  );
  const settled = useSettled(body);
  const preview = useOrderEditPreview(order._id, open ? settled : null);
  const current = preview.data;
  const upToDate = settled === body && !preview.isFetching;
  const blocked = !current || !upToDate || current.stockProblems.length > 0 || lines.length === 0;

  const add = (line: Omit<DraftLine, 'qty'>) => {
    const key = draftKey(line);
    const held = lines.find((l) => draftKey(l) === key);
    setLines(held ? lines.map((l) => (l === held ? { ...l, qty: l.qty + 1 } : l)) : [...lines, { ...line, qty: 1 }]);
  };

  const confirm = () => {
    const reason = note.trim();
    if (!reason) {
      setNoteError('Say why the order is changed (the shopper agreed by phone, for example)');
      return;
    }
    edit.mutate(
      { ...body, note: reason },
      {
        onSuccess: (result) => {
          onOpenChange(false);
          onEdited?.(result.order);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Edit order"
      description={
        <>
          Order <span className="font-mono font-semibold text-bark-900">{orderReference(order._id)}</span>. The shopper
          is told of the change by text and e-mail.
        </>
      }
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={blocked || edit.isPending} aria-busy={edit.isPending || undefined}>
            {edit.isPending ? 'Saving...' : 'Confirm changes'}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <Section title="Lines">
          <EditLines lines={lines} onChange={setLines} />
        </Section>
        <Section title="Add a product">
          <EditProductPicker onAdd={add} />
        </Section>
        <Section title="Delivery">
          {changeDelivery ? (
            <EditDelivery value={delivery} onChange={setDelivery} />
          ) : (
            <Button variant="outline" onClick={() => setChangeDelivery(true)}>
              Change delivery or address
            </Button>
          )}
        </Section>
        <Section title="Preview">
          {preview.isError ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {failureMessage(preview.error, 'The preview could not be worked out')}
            </p>
          ) : current ? (
            <div aria-busy={!upToDate || undefined}>
              <EditPreviewPanel preview={current} isPaid={order.isPaid} />
            </div>
          ) : (
            <Spinner label="Working out the new total" />
          )}
        </Section>
        <TextField
          label="Why is it changed?"
          value={note}
          maxLength={EDIT_NOTE_MAX_LENGTH}
          error={noteError}
          placeholder="For example: the shopper asked for one more jar by phone"
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setNoteError(undefined);
          }}
        />
      </div>
    </Dialog>
  );
}
