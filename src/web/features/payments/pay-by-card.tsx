import { useMutation, useQueryClient } from '@tanstack/react-query';
import CreditCard from 'lucide-react/icons/credit-card';
import { useEffect, useRef, useState } from 'react';
import { formatKwacha, toKwacha } from '../../../shared/money';
import type { Order } from '../../../shared/schemas/orders';
import { amountDueOfOrder, isOrderPaid } from '../../../shared/order-balance';
import { isLiveState, type PaymentAttempt } from '../../../shared/schemas/payments';
import { Button } from '../../components/ui/button';
import { failureMessage } from '../../lib/failure-message';
import { orderAttemptsQuery, readAfterWidget, SHOPPER_ORDERS_KEY, startCardPayment } from './api';
import { AttemptStatus } from './attempt-status';
import { openLencoWidget, reloadToPay, resumesPayment, widgetAllowedHere, type WidgetOutcome } from './lenco-widget';
import { useOrderPayment } from './use-order-payment';

/**
 * The card panel: the server starts a card attempt and answers the options of Lenco's popup; the card is
 * typed only there. The popup's "success" is a hint: the page asks the server to read the provider and
 * shows what the server says, following a live attempt like the mobile-money panel.
 */
export function PayByCard({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const { attempts, current } = useOrderPayment(order);
  const [outcome, setOutcome] = useState<WidgetOutcome | null>(null);
  // The widget's frame held the focus; once it is gone a keyboard user lands on what happened, not the page's top.
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome]);
  const amount = formatKwacha(toKwacha(amountDueOfOrder(order)));
  const key = orderAttemptsQuery(order._id).queryKey;
  const keep = (attempt: PaymentAttempt) =>
    queryClient.setQueryData(key, (old = []) => [attempt, ...old.filter((a) => a._id !== attempt._id)]);

  const pay = useMutation({
    mutationFn: async () => {
      setOutcome(null);
      const started = await startCardPayment(order._id);
      keep(started);
      if (!started.widget) throw new Error('Card payment is not available right now. Please try again later.');
      const ended = await openLencoWidget(started.widget);
      setOutcome(ended);
      if (ended === 'success') keep(await readAfterWidget(order._id));
    },
    meta: { errorToast: false },
    onError: () => void queryClient.invalidateQueries({ queryKey: SHOPPER_ORDERS_KEY }),
  });

  const { mutate } = pay;
  useEffect(() => {
    if (resumesPayment(order._id)) mutate();
  }, [order._id, mutate]);
  const tapPay = () => (widgetAllowedHere() ? pay.mutate() : reloadToPay(order._id));

  if (isOrderPaid(order) && current?.state !== 'successful') return null;
  const live = current !== null && isLiveState(current.state);
  const waitingForBank = live && (outcome === 'success' || outcome === 'pending');
  const ended = current !== null && !live;
  const canPay = !pay.isPending && !waitingForBank && current?.state !== 'successful';
  const error = pay.error
    ? failureMessage(pay.error, 'Could not open the card payment. Check your connection and try again.')
    : '';

  return (
    <section
      aria-labelledby="pay-by-card-title"
      className="rounded-2xl border-2 border-forest-200 bg-forest-50 p-5 text-left sm:p-6"
      data-testid="pay-by-card"
    >
      <h2 id="pay-by-card-title" className="mb-3 text-xl font-bold">
        Pay by card
      </h2>
      <div
        role="status"
        ref={result}
        tabIndex={-1}
        className="rounded-lg focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-honey-500"
      >
        {ended && <AttemptStatus attempt={current} />}
        {waitingForBank && (
          <div className="flex gap-3">
            <CreditCard size={28} aria-hidden="true" className="mt-0.5 shrink-0 animate-pulse text-forest-700" />
            <div>
              <p className="text-lg font-bold">Confirming your card payment...</p>
              <p className="mt-1 text-bark-700">
                {outcome === 'pending'
                  ? 'Your bank is still checking the payment. This page updates by itself; you can also come back later.'
                  : 'We are checking the payment with the card processor. This takes a few seconds.'}
              </p>
            </div>
          </div>
        )}
        {outcome === 'closed' && !ended && (
          <p className="font-medium">The card window was closed before paying. No money was taken.</p>
        )}
        {attempts.isPending && !current && <p className="text-bark-700">Loading the payment status...</p>}
      </div>
      {canPay && (
        <>
          {!ended && outcome !== 'closed' && (
            <p className="mb-4">
              Pay <strong className="tabular-nums">{amount}</strong> with a Visa or Mastercard card. The card details
              are typed in the secure window of Lenco, our card processor; this shop never sees them.
            </p>
          )}
          <Button className="mt-4 w-full sm:w-auto" onClick={tapPay}>
            {ended || outcome === 'closed' ? 'Try again' : `Pay ${amount} by card`}
          </Button>
        </>
      )}
      {pay.isPending && outcome === null && <p className="mt-3 text-bark-700">Opening the secure card window...</p>}
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
