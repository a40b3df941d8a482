import type { ReactNode } from 'react';
import {
  computeTotalsInKwacha,
  formatKwacha,
  lineTotalInKwacha,
  type DeliveryRule,
  type DiscountEffect,
} from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { lineKey, type CartItem } from '../cart';

interface Props {
  items: CartItem[];
  formId: string;
  submitting: boolean;
  /** No connection: the order cannot be placed now; the id of the checkout's notice that says so. */
  offlineNoticeId?: string;
  className?: string;
  /** The chosen delivery option's rule and, when the shopper chose among several, its name (decision 037). */
  delivery?: DeliveryRule;
  deliveryName?: string;
  /** The applied discount code's effect on these items (src/web/features/discounts). */
  discount?: DiscountEffect;
  /** The code entry, drawn under the items. */
  codeEntry?: ReactNode;
}

/** The amount to pay right above 'Place Order' on phones, where the full summary has scrolled out of view. */
export function OrderTotalLine({
  items,
  delivery,
  className = '',
  discount,
}: {
  items: CartItem[];
  delivery?: DeliveryRule;
  className?: string;
  discount?: DiscountEffect;
}) {
  const totals = computeTotalsInKwacha(items, { delivery, discount });
  const shipping = totals.shippingPrice === 0 ? 'free shipping' : `shipping ${formatKwacha(totals.shippingPrice)}`;
  return (
    <p
      className={`rounded-2xl border-2 border-forest-200 bg-forest-50 px-5 py-4 ${className}`}
      data-testid="total-to-pay"
    >
      <span className="flex items-baseline justify-between gap-4 text-lg font-bold">
        <span>Total to pay</span>
        <span className="tabular-nums">{formatKwacha(totals.totalPrice)}</span>
      </span>
      <span className="mt-1 block text-sm text-bark-700">
        Includes tax {formatKwacha(totals.taxPrice)} and {shipping}.
      </span>
    </p>
  );
}

/** Sticky on wide screens; its 'Complete Order' submits the same form as 'Place Order'. */
export function OrderSummary({
  items,
  formId,
  submitting,
  offlineNoticeId,
  className = '',
  delivery,
  deliveryName,
  discount,
  codeEntry,
}: Props) {
  const totals = computeTotalsInKwacha(items, { delivery, discount });
  return (
    <aside
      aria-labelledby="checkout-summary-title"
      className={`h-fit rounded-2xl border border-sand-200 bg-white p-5 sm:p-6 lg:sticky lg:top-24 ${className}`}
    >
      <h2 id="checkout-summary-title" className="mb-4 text-2xl font-bold">
        Order Summary
      </h2>
      <ul className="mb-4 space-y-2 border-b border-sand-200 pb-4" aria-label="Items">
        {items.map((item) => (
          <li key={lineKey(item)} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {item.quantity} x {item.name}
            </span>
            <span className="shrink-0 tabular-nums">{formatKwacha(lineTotalInKwacha(item.price, item.quantity))}</span>
          </li>
        ))}
      </ul>
      {codeEntry && <div className="mb-4 border-b border-sand-200 pb-4">{codeEntry}</div>}
      <dl className="space-y-2">
        <div className="flex justify-between gap-4">
          <dt>Subtotal</dt>
          <dd className="tabular-nums" data-testid="summary-subtotal">
            {formatKwacha(totals.itemsPrice)}
          </dd>
        </div>
        {totals.discountPrice > 0 && (
          <div className="flex justify-between gap-4 text-forest-800">
            <dt>Discount</dt>
            <dd className="tabular-nums" data-testid="summary-discount">
              −{formatKwacha(totals.discountPrice)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt>Tax (16%)</dt>
          <dd className="tabular-nums" data-testid="summary-tax">
            {formatKwacha(totals.taxPrice)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>
            Shipping
            {deliveryName && <span className="block text-sm text-bark-700">{deliveryName}</span>}
          </dt>
          <dd className="tabular-nums" data-testid="summary-shipping">
            {totals.shippingPrice === 0 ? 'Free' : formatKwacha(totals.shippingPrice)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-sand-200 pt-3 text-lg font-bold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="summary-total">
            {formatKwacha(totals.totalPrice)}
          </dd>
        </div>
      </dl>
      <Button
        type="submit"
        form={formId}
        size="lg"
        className="mt-6 w-full"
        disabled={submitting || Boolean(offlineNoticeId)}
        aria-describedby={offlineNoticeId}
      >
        {submitting ? 'Processing...' : 'Complete Order'}
      </Button>
    </aside>
  );
}
