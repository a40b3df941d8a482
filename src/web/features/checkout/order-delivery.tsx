import { deliveryLine, deliveryWorthNaming } from '../../../shared/delivery';
import type { OrderDelivery as Delivery } from '../../../shared/schemas/delivery';
import type { Order } from '../../../shared/schemas/orders';

/**
 * How the order travels, with a pickup point's hours and directions (decision 037). The shopper's pages
 * leave the seeded standard delivery unnamed (`always` for the back office).
 */
export function OrderDelivery({
  delivery,
  collection = null,
  always = false,
}: {
  delivery: Delivery | null;
  /** A pickup order's code (the owner's view only, decision 038) and whether it was collected. */
  collection?: Order['collection'];
  always?: boolean;
}) {
  if (!delivery || (!always && !deliveryWorthNaming(delivery))) return null;
  return (
    <div className="mt-4 rounded-xl bg-sand-50 p-3 text-sm" data-testid="order-delivery">
      <p className="font-semibold text-bark-900">Delivery: {deliveryLine(delivery)}</p>
      {delivery.estimate && <p className="text-bark-700">Estimated time: {delivery.estimate}</p>}
      {delivery.openingHours && <p className="text-bark-700">Open: {delivery.openingHours}</p>}
      {delivery.directions && <p className="break-words text-bark-700">{delivery.directions}</p>}
      {collection?.collectedAt ? (
        <p className="mt-2 font-semibold text-bark-900" data-testid="order-collected">
          Collected {new Date(collection.collectedAt).toLocaleDateString('en-ZM')}
        </p>
      ) : collection?.code ? (
        <p className="mt-2 text-bark-900" data-testid="collection-code">
          Collection code: <strong className="font-mono text-lg tracking-widest">{collection.code}</strong>
          <span className="block text-bark-700">Show this code when you collect your parcel.</span>
        </p>
      ) : null}
    </div>
  );
}
