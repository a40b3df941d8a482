import { useId } from 'react';
import { howToPay, payOnCollectionSentence, type HowToPay } from '../../../shared/how-to-pay';
import { formatKwacha } from '../../../shared/money';
import type { Order } from '../../../shared/schemas/orders';
import { useShopSettings } from '../../lib/shop-settings';
import { PayNumber } from './pay-number';

/** How to pay, the way the cooperative really takes money: a mobile-money transfer quoting the order number. */
export function PaymentInstructions({ order }: { order: Order }) {
  const { data: settings } = useShopSettings();
  // Until the settings arrive the panel shows without a number rather than not at all.
  const pay = howToPay(order, settings ?? { airtelMoneyNumber: '', mtnMoneyNumber: '', paymentAccountName: '' });
  // Nothing to pay: the order is paid, or cancelled.
  return pay ? <HowToPayPanel pay={pay} /> : null;
}

/**
 * The panel itself, for an order whose payment facts are already worked out (the signed order link's
 * answer carries them). `missingNumber` says what to do when the admin has not entered one (decision 024).
 * `regionName` names the panel apart from others on the same screen (the settings' preview shows one per network).
 */
export function HowToPayPanel({
  pay,
  missingNumber = 'please ask the shop for it',
  regionName,
}: {
  pay: HowToPay;
  missingNumber?: string;
  regionName?: string;
}) {
  const total = formatKwacha(pay.amount);
  const titleId = useId();
  return (
    <section
      aria-labelledby={regionName ? undefined : titleId}
      aria-label={regionName}
      className="rounded-2xl border-2 border-forest-200 bg-forest-50 p-5 text-left sm:p-6"
    >
      <h2 id={titleId} className="mb-3 text-xl font-bold">
        How to pay
      </h2>
      {pay.kind === 'mobileMoney' ? (
        <>
          <p className="mb-3">
            Send <strong className="tabular-nums">{total}</strong> by {pay.methodLabel} to:
          </p>
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1">
            <dt className="font-semibold">Number</dt>
            <dd>
              {pay.number ? <PayNumber number={pay.number} /> : <span data-testid="pay-number">{missingNumber}</span>}
            </dd>
            {pay.accountName && (
              <>
                <dt className="font-semibold">Name</dt>
                <dd>{pay.accountName}</dd>
              </>
            )}
            <dt className="font-semibold">Reference</dt>
            <dd className="font-mono font-bold" data-testid="pay-reference">
              {pay.reference}
            </dd>
          </dl>
          <p className="mt-3 text-sm text-bark-700">
            Please use the order number {pay.reference} as the payment reference so we can match your payment. We start
            preparing your order once it arrives.
          </p>
        </>
      ) : pay.kind === 'collection' ? (
        <p data-testid="pay-on-collection">
          {payOnCollectionSentence(total, pay.place)} Quote the order number{' '}
          <span className="font-mono font-bold">{pay.reference}</span> and show your collection code.
        </p>
      ) : (
        <p>
          You chose to pay by card: the cooperative will send you a payment link for{' '}
          <strong className="tabular-nums">{total}</strong> (reference{' '}
          <span className="font-mono font-bold">{pay.reference}</span>).
        </p>
      )}
    </section>
  );
}
