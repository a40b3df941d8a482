import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Order } from '../../../shared/schemas/orders';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { toast } from '../../lib/toast';
import { failureMessage } from '../../lib/failure-message';
import { orderQuery } from '../checkout';
import { attachPaymentReference, myOrdersQuery } from './api';

const MAX_REFERENCE_LENGTH = 100;

interface Props {
  order: Order;
  onSessionError: (error: unknown) => boolean;
}

/** After paying by mobile money the customer tells us the transaction id; an admin checks it and marks the order paid. */
export function PaymentReferenceForm({ order, onSessionError }: Props) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(!order.paymentReference);
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: (reference: string) => attachPaymentReference(order._id, reference),
    meta: { errorToast: false },
    onSuccess: (saved) => {
      queryClient.setQueryData(orderQuery(saved._id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: myOrdersQuery.queryKey });
      setEditing(false);
      toast.success('Transaction ID saved');
    },
    onError: (failure) => {
      if (onSessionError(failure)) return;
      const message = failureMessage(failure, 'Failed to process payment');
      setError(message);
      toast.error(message);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reference = String(new FormData(event.currentTarget).get('paymentReference') ?? '').trim();
    if (!reference) {
      setError('Please enter the transaction ID');
      return;
    }
    setError('');
    save.mutate(reference);
  };

  if (!editing && order.paymentReference) {
    return (
      <section
        aria-labelledby="reference-title"
        className="rounded-2xl border border-sand-200 bg-white p-5 text-left sm:p-6"
      >
        <h2 id="reference-title" className="mb-2 text-xl font-bold">
          Your payment
        </h2>
        <p>
          Transaction ID:{' '}
          <strong className="font-mono break-all" data-testid="payment-reference">
            {order.paymentReference}
          </strong>
        </p>
        <p className="mt-1 text-bark-700">We will confirm your payment soon.</p>
        <Button variant="outline" className="mt-4 w-full sm:w-auto" onClick={() => setEditing(true)}>
          Correct the transaction ID
        </Button>
      </section>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="reference-title"
      className="rounded-2xl border border-sand-200 bg-white p-5 text-left sm:p-6"
    >
      <h2 id="reference-title" className="mb-2 text-xl font-bold">
        Paid already?
      </h2>
      <p className="mb-4 text-bark-700">
        Enter the transaction ID from the confirmation message of your mobile money payment.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Mobile money transaction ID"
          name="paymentReference"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={MAX_REFERENCE_LENGTH}
          defaultValue={order.paymentReference ?? ''}
          error={error || undefined}
          className="min-w-0 flex-1"
        />
        <Button type="submit" className="sm:mt-7" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Transaction ID'}
        </Button>
      </div>
      {order.paymentReference && (
        <Button variant="ghost" className="mt-2" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      )}
    </form>
  );
}
