import { toKwacha } from '../../../../shared/money';
import { amountDueOfOrder } from '../../../../shared/order-balance';
import { orderReference } from '../../../../shared/order-status';
import type { Order } from '../../../../shared/schemas/orders';
import { formatKwacha } from '../../../lib/format';

/** Stops in the order a driver meets them: by province, then town, then street. */
function byRoute(a: Order, b: Order) {
  const key = (o: Order) =>
    [o.shippingAddress.province, o.shippingAddress.city, o.shippingAddress.address].map((s) => s.toLowerCase());
  const [x, y] = [key(a), key(b)];
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}

/** What the driver collects at the door: the total of an unpaid order, the balance an edit left on a paid one. */
function collectText(order: Order) {
  const due = amountDueOfOrder(order);
  return due > 0 ? `Collect ${formatKwacha(toKwacha(due))}` : 'Paid';
}

const itemCount = (order: Order) => order.orderItems.reduce((n, item) => n + item.quantity, 0);

/**
 * The delivery run sheet: one line per parcel with where it goes, whom to call, what to collect when it
 * is unpaid, and room for the receiver's signature. On a phone each stop is a card; printed, a table.
 */
export function RunSheet({ orders }: { orders: Order[] }) {
  const stops = [...orders].sort(byRoute);
  const toCollect = toKwacha(stops.reduce((sum, o) => sum + amountDueOfOrder(o), 0));
  return (
    <section
      aria-labelledby="run-sheet-title"
      className="rounded-2xl border border-sand-300 bg-white p-4 sm:p-6 print:rounded-none print:border-0 print:p-0"
    >
      <h2 id="run-sheet-title" className="font-serif text-xl font-bold text-forest-900">
        Delivery run sheet
      </h2>
      <p className="text-sm text-bark-700">
        {stops.length} {stops.length === 1 ? 'parcel' : 'parcels'}
        {toCollect > 0 ? ` · ${formatKwacha(toCollect)} to collect` : ' · all paid'}
      </p>
      <ol className="mt-4 space-y-3 md:hidden print:hidden" aria-label="Stops">
        {stops.map((order, i) => (
          <li key={order._id} className="rounded-xl border border-sand-200 p-3">
            <p className="font-semibold text-bark-900">
              {i + 1}. {order.user?.name || 'N/A'} · <span className="font-mono">{orderReference(order._id)}</span>
            </p>
            <p className="text-sm text-bark-900">
              {order.shippingAddress.address}, {order.shippingAddress.city}, {order.shippingAddress.province}
            </p>
            <p className="text-sm">
              <a className="font-semibold text-forest-800 underline" href={`tel:${order.shippingAddress.phoneNumber}`}>
                {order.shippingAddress.phoneNumber}
              </a>{' '}
              · {itemCount(order)} {itemCount(order) === 1 ? 'item' : 'items'} · {collectText(order)}
            </p>
          </li>
        ))}
      </ol>
      <table className="mt-4 hidden w-full text-left text-sm md:table print:table">
        <caption className="sr-only">Parcels to deliver, in route order</caption>
        <thead className="border-b border-sand-300 text-xs tracking-wide text-bark-600 uppercase">
          <tr>
            <th scope="col" className="py-1 pr-2">
              #
            </th>
            <th scope="col" className="py-1 pr-2">
              Order
            </th>
            <th scope="col" className="py-1 pr-2">
              Customer
            </th>
            <th scope="col" className="py-1 pr-2">
              Address
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Items
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Payment
            </th>
            <th scope="col" className="w-40 py-1">
              Signature
            </th>
          </tr>
        </thead>
        <tbody>
          {stops.map((order, i) => (
            <tr key={order._id} className="border-b border-sand-200 align-top print:break-inside-avoid">
              <td className="py-3 pr-2">{i + 1}</td>
              <td className="py-3 pr-2 font-mono">{orderReference(order._id)}</td>
              <td className="py-3 pr-2">
                {order.user?.name || 'N/A'}
                <br />
                {order.shippingAddress.phoneNumber}
              </td>
              <td className="py-3 pr-2">
                {order.shippingAddress.address}
                <br />
                {order.shippingAddress.city}, {order.shippingAddress.province}
              </td>
              <td className="py-3 pr-2 text-right">{itemCount(order)}</td>
              <td className="py-3 pr-2 text-right whitespace-nowrap">{collectText(order)}</td>
              <td className="py-3">
                <span aria-hidden="true" className="block h-8 border-b border-bark-500" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
