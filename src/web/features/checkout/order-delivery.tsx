import { deliveryLine, deliveryWorthNaming } from '../../../shared/delivery';
import type { OrderDelivery as Delivery } from '../../../shared/schemas/delivery';

/**
 * How the order travels, with a pickup point's hours and directions (decision 037). The shopper's pages
 * leave the seeded standard delivery unnamed (`always` for the back office).
 */
export function OrderDelivery({ delivery, always = false }: { delivery: Delivery | null; always?: boolean }) {
  if (!delivery || (!always && !deliveryWorthNaming(delivery))) return null;
  return (
    <div className="mt-4 rounded-xl bg-sand-50 p-3 text-sm" data-testid="order-delivery">
      <p className="font-semibold text-bark-900">Delivery: {deliveryLine(delivery)}</p>
      {delivery.estimate && <p className="text-bark-700">Estimated time: {delivery.estimate}</p>}
      {delivery.openingHours && <p className="text-bark-700">Open: {delivery.openingHours}</p>}
      {delivery.directions && <p className="break-words text-bark-700">{delivery.directions}</p>}
    </div>
  );
}
