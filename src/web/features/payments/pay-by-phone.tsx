import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatKwacha, toKwacha } from '../../../shared/money';
import { PAYMENT_METHOD_LABELS, paysByMobileMoney } from '../../../shared/order-status';
import type { MobileMoneyMethod } from '../../../shared/payment-methods';
import type { Order } from '../../../shared/schemas/orders';
import { amountDueOfOrder, isOrderPaid } from '../../../shared/order-balance';
import { isLiveState } from '../../../shared/schemas/payments';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage } from '../../lib/failure-message';
import { orderAttemptsQuery, paymentMethodsQuery } from './api';
import { AttemptStatus } from './attempt-status';
import { PayByCard } from './pay-by-card';
import { PhoneForm } from './phone-form';
import { useOrderPayment } from './use-order-payment';

interface Props {
  order: Order;
  /** How to pay by hand (today's instructions): the fallback, and all there is for a method the shop does not collect itself. */
  manual: ReactNode;
}

/**
 * The pay panel: for an Airtel Money or MTN order the shop collects by itself, the shopper confirms the
 * number, approves the prompt on the phone and follows the status here; otherwise the manual instructions.
 */
export function PayByPhone({ order, manual }: Props) {
  const method = order.paymentMethod;
  // A paid order shows only an attempt seen ending successful here (still cached); else there is nothing
  // to load, and the manual way (which says nothing of a paid order) stands.
  const seenPaid = useQueryClient().getQueryData(orderAttemptsQuery(order._id).queryKey)?.[0]?.state === 'successful';
  const panel = (paysByMobileMoney(method) || method === 'creditCard') && (!isOrderPaid(order) || seenPaid);
  const methods = useQuery({ ...paymentMethodsQuery, enabled: panel });
  if (!panel) return manual;
  if (methods.isPending) return <Spinner label="Loading payment options" className="py-6" />;
  if (!methods.data?.automatic.includes(method)) return manual;
  if (method === 'creditCard') return <PayByCard order={order} />;
  return <PhonePayment order={order} network={method} manual={manual} />;
}

type Mode = 'status' | 'form' | 'manual';

function PhonePayment({ order, network, manual }: Props & { network: MobileMoneyMethod }) {
  const { attempts, current, start } = useOrderPayment(order);
  // A shopper who already told us a transaction id paid by hand: the manual way stays in front.
  const [mode, setMode] = useState<Mode>(order.paymentReference ? 'manual' : 'status');
  const label = PAYMENT_METHOD_LABELS[network];
  const amount = formatKwacha(toKwacha(amountDueOfOrder(order)));

  // Where focus goes after a change the shopper asked for (the pressed button is gone).
  const statusRef = useRef<HTMLDivElement>(null);
  const manualRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'status' | 'manual' | 'title' | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    // After Pay or Retry: the new status once the server answered; a refusal stays at the form.
    if (next === 'status' && start.isPending) return;
    focusNext.current = null;
    if (next === 'status' && start.isError) return;
    ({ status: statusRef, manual: manualRef, title: titleRef })[next].current?.focus();
  });

  if (isOrderPaid(order) && current?.state !== 'successful') return null;

  const send = (phone: string) => {
    focusNext.current = 'status';
    // A refusal because the order changed (409) has the page read it again (useOrderPayment).
    start.mutate(phone, { onSuccess: () => setMode('status') });
  };
  const switchTo = (next: Mode, focus: 'status' | 'manual' | 'title') => {
    start.reset();
    focusNext.current = focus;
    setMode(next);
  };

  if (mode === 'manual') {
    return (
      <div className="space-y-4">
        <div ref={manualRef} tabIndex={-1} className="space-y-6 outline-none">
          {manual}
        </div>
        <div className="rounded-2xl border border-sand-200 bg-white p-4 text-left">
          <p className="mb-3 text-bark-700">Or approve the payment on your phone with your {label} PIN.</p>
          <Button variant="outline" className="w-full sm:w-auto" onClick={() => switchTo('form', 'title')}>
            Pay with a prompt on my phone
          </Button>
        </div>
      </div>
    );
  }

  const startError = start.error
    ? failureMessage(start.error, 'Could not send the payment request. Please try again.')
    : '';
  const showForm = mode === 'form' || (!current && !attempts.isPending);
  const live = current !== null && isLiveState(current.state);
  const ended = current !== null && !live && !showForm;
  const failed = ended && current.state !== 'successful';

  return (
    <section
      aria-labelledby="pay-by-phone-title"
      className="rounded-2xl border-2 border-forest-200 bg-forest-50 p-5 text-left sm:p-6"
      data-testid="pay-by-phone"
    >
      <h2 id="pay-by-phone-title" ref={titleRef} tabIndex={-1} className="mb-3 text-xl font-bold outline-none">
        Pay with {label}
      </h2>
      {/* Always in the page, so a screen reader hears each change of the status. */}
      <div role="status" ref={statusRef} tabIndex={-1} className="outline-none">
        {current && !showForm && <AttemptStatus attempt={current} />}
        {attempts.isPending && !current && mode === 'status' && (
          <p className="text-bark-700">Loading the payment status...</p>
        )}
      </div>
      {showForm && (
        <PhoneForm
          network={network}
          label={label}
          amount={amount}
          defaultPhone={current?.phone ?? order.shippingAddress.phoneNumber}
          serverError={startError}
          sending={start.isPending}
          onSubmit={send}
        />
      )}
      {live && (
        <p className="mt-3 text-sm text-bark-700">
          No prompt yet? It can take a minute. A request nobody approves ends by itself after a few minutes.
        </p>
      )}
      {failed && (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button onClick={() => send(current.phone)} disabled={start.isPending}>
            {start.isPending ? 'Sending the request...' : 'Retry'}
          </Button>
          <Button variant="outline" onClick={() => switchTo('form', 'title')}>
            Use another number
          </Button>
        </div>
      )}
      {failed && startError && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {startError}
        </p>
      )}
      {!live && !(ended && !failed) && (
        <Button variant="ghost" className="mt-3 w-full sm:w-auto" onClick={() => switchTo('manual', 'manual')}>
          Pay manually instead
        </Button>
      )}
    </section>
  );
}
