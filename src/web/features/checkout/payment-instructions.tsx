import type { Order } from '../../../shared/schemas/orders';
import { formatKwacha } from '../../../shared/money';
import { orderReference, PAYMENT_METHOD_LABELS, paysByMobileMoney, type PaymentMethod } from '../../../shared/order-status';
import { useShopSettings } from '../../lib/shop-settings';
import { PayNumber } from './pay-number';

/** How to pay, the way the cooperative really takes money: a mobile-money transfer quoting the order number. */
export function PaymentInstructions({ order }: { order: Order }) {
  const { data: settings } = useShopSettings();
  const method = order.paymentMethod as PaymentMethod;
  const reference = orderReference(order._id);
  const total = formatKwacha(order.totalPrice);
  const number = method === 'airtel' ? settings?.airtelMoneyNumber : settings?.mtnMoneyNumber;
  if (order.isPaid) return null;
  return (
    <section aria-labelledby="pay-title" className="rounded-2xl border-2 border-forest-200 bg-forest-50 p-5 text-left sm:p-6">
      <h2 id="pay-title" className="mb-3 text-xl font-bold">
        How to pay
      </h2>
      {paysByMobileMoney(method) ? (
        <>
          <p className="mb-3">
            Send <strong className="tabular-nums">{total}</strong> by {PAYMENT_METHOD_LABELS[method]} to:
          </p>
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1">
            <dt className="font-semibold">Number</dt>
            <dd>{number ? <PayNumber number={number} /> : <span data-testid="pay-number">shown in your confirmation e-mail</span>}</dd>
            {settings?.paymentAccountName && (
              <>
                <dt className="font-semibold">Name</dt>
                <dd>{settings.paymentAccountName}</dd>
              </>
            )}
            <dt className="font-semibold">Reference</dt>
            <dd className="font-mono font-bold" data-testid="pay-reference">
              {reference}
            </dd>
          </dl>
          <p className="mt-3 text-sm text-bark-700">
            Please use the order number {reference} as the payment reference so we can match your payment. We start preparing your order once it arrives.
          </p>
        </>
      ) : (
        <p>
          You chose to pay by card: the cooperative will send you a payment link for <strong className="tabular-nums">{total}</strong> (reference{' '}
          <span className="font-mono font-bold">{reference}</span>).
        </p>
      )}
    </section>
  );
}
