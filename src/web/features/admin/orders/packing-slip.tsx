import { orderReference, paymentMethodLabel } from '../../../../shared/order-status';
import type { Order } from '../../../../shared/schemas/orders';
import { deliveryLine } from '../../../../shared/delivery';
import { formatDate, formatKwacha } from '../../../lib/format';
import type { ShopSettings } from '../../../lib/shop-settings';
import { FiscalReceiptLines } from './fiscal-receipt-lines';

/** One order's slip, to go in its parcel: who it goes to, what to pack (with a box to tick), paid or what to collect. Each prints on its own page. */
export function PackingSlip({ order, shop }: { order: Order; shop: ShopSettings | undefined }) {
  const address = order.shippingAddress;
  const reference = orderReference(order._id);
  return (
    <article
      aria-labelledby={`slip-${order._id}`}
      className="rounded-2xl border border-sand-300 bg-white p-4 sm:p-6 print:break-after-page print:rounded-none print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-sand-200 pb-3">
        <div>
          <h2 id={`slip-${order._id}`} className="font-serif text-xl font-bold text-forest-900">
            Packing slip · Order <span className="font-mono">{reference}</span>
          </h2>
          <p className="text-sm text-bark-700">Placed {formatDate(order.createdAt)}</p>
        </div>
        {shop && (
          <p className="text-sm text-bark-700 sm:text-right print:text-right">
            <span className="font-semibold text-bark-900">{shop.shopName}</span>
            <br />
            {shop.phone}
          </p>
        )}
      </header>
      <section className="mt-3 grid gap-3 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h3 className="text-xs font-bold tracking-wide text-bark-600 uppercase">Ship to</h3>
          <p className="mt-1 text-bark-900">
            <span className="font-semibold">{order.user?.name || 'N/A'}</span>
            <br />
            {address.address}
            <br />
            {address.city}, {address.province} {address.zipCode}
            <br />
            Phone {address.phoneNumber}
          </p>
        </div>
        <div>
          <h3 className="text-xs font-bold tracking-wide text-bark-600 uppercase">Payment</h3>
          <p className="mt-1 text-bark-900">
            {paymentMethodLabel(order.paymentMethod)}
            <br />
            {order.isPaid ? (
              <span className="font-semibold text-forest-800">Paid</span>
            ) : (
              <span className="font-semibold text-red-800">Unpaid: collect {formatKwacha(order.totalPrice)}</span>
            )}
          </p>
        </div>
      </section>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Items of order {reference}</caption>
        <thead className="border-b border-sand-300 text-xs tracking-wide text-bark-600 uppercase">
          <tr>
            <th scope="col" className="w-10 py-1">
              <span className="sr-only">Packed</span>
            </th>
            <th scope="col" className="py-1">
              Item
            </th>
            <th scope="col" className="py-1 text-right">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {order.orderItems.map((item) => (
            <tr key={item._id} className="border-b border-sand-100">
              <td className="py-2">
                <span aria-hidden="true" className="inline-block h-5 w-5 rounded border-2 border-bark-500" />
              </td>
              <td className="py-2 break-words text-bark-900">{item.name}</td>
              <td className="py-2 text-right font-semibold text-bark-900">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-3 ml-auto grid max-w-64 grid-cols-2 gap-x-4 text-sm">
        <dt className="text-bark-700">Items</dt>
        <dd className="text-right">{formatKwacha(order.itemsPrice)}</dd>
        {order.discountAmount > 0 && (
          <>
            <dt className="text-bark-700">Discount ({order.discountCode})</dt>
            <dd className="text-right" data-testid="slip-discount">
              −{formatKwacha(order.discountAmount)}
            </dd>
          </>
        )}
        <dt className="text-bark-700">VAT (16%)</dt>
        <dd className="text-right">{formatKwacha(order.taxPrice)}</dd>
        <dt className="text-bark-700">Shipping</dt>
        <dd className="text-right">{order.shippingPrice === 0 ? 'Free' : formatKwacha(order.shippingPrice)}</dd>
        {order.delivery && (
          <>
            <dt className="text-bark-700">Delivery</dt>
            <dd className="text-right break-words">{deliveryLine(order.delivery)}</dd>
          </>
        )}
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{formatKwacha(order.totalPrice)}</dd>
      </dl>
      <FiscalReceiptLines receipt={order.fiscalReceipt} compact />
      <p className="mt-4 text-sm text-bark-700">Thank you for supporting the women of the co-op.</p>
    </article>
  );
}
