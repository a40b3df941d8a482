import ArrowLeft from 'lucide-react/icons/arrow-left';
import Printer from 'lucide-react/icons/printer';
import { Link, useSearchParams } from '../../../lib/router';
import { ORDERS_TO_SHIP_LIMIT } from '../../../../shared/schemas/orders';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useShopSettings } from '../../../lib/shop-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOrdersToShip } from './api';
import { PackingSlip } from './packing-slip';
import { RunSheet } from './run-sheet';

const VIEWS = [
  { value: 'slips', label: 'Packing slips' },
  { value: 'run', label: 'Delivery run sheet' },
] as const;

/**
 * The orders to pack and send (paid, or set to Processing; not yet shipped), as packing slips (one a
 * page when printed) or as one run sheet for the driver. Printing leaves out the back office's frame.
 */
export function OrdersToShipPage() {
  useDocumentTitle('Orders to ship');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'run' ? 'run' : 'slips';
  const toShip = useOrdersToShip();
  const shop = useShopSettings().data;
  const orders = toShip.data?.orders ?? [];

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 lg:px-8 print:max-w-none print:p-0">
      <div className="print:hidden">
        <Link
          to="/admin/orders"
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-forest-800 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Orders
        </Link>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold">Orders to ship</h1>
            <p className="mt-1 text-bark-700">
              Paid orders and orders set to Processing that are not yet shipped, oldest first.
            </p>
          </div>
          <Button onClick={() => window.print()} disabled={orders.length === 0}>
            <Printer aria-hidden="true" className="h-5 w-5" />
            Print
          </Button>
        </div>
        <div
          role="group"
          aria-label="What to print"
          className="mt-4 inline-flex rounded-full border border-sand-300 bg-white p-1"
        >
          {VIEWS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={view === option.value}
              onClick={() => setParams(option.value === 'slips' ? {} : { view: option.value }, { replace: true })}
              className={`min-h-11 rounded-full px-4 font-semibold ${view === option.value ? 'bg-forest-800 text-white' : 'text-bark-900 hover:bg-sand-100'}`}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-6 print:mt-0">
        {toShip.isError ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
            <p className="mb-4 font-semibold text-red-900">Failed to load the orders to ship. Please try again.</p>
            <Button onClick={() => toShip.refetch()} disabled={toShip.isRefetching}>
              Try again
            </Button>
          </div>
        ) : !toShip.data ? (
          <Spinner label="Loading orders to ship" />
        ) : orders.length === 0 ? (
          <p className="rounded-2xl border border-sand-300 bg-white p-6 text-center text-bark-900">
            No orders to ship. Paid orders show here until they are marked Shipped.
          </p>
        ) : (
          <>
            {toShip.data.more && (
              <p
                role="status"
                className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-bark-900 print:hidden"
              >
                Showing the oldest {ORDERS_TO_SHIP_LIMIT}. Mark these as Shipped to see the rest.
              </p>
            )}
            {view === 'run' ? (
              <RunSheet orders={orders} />
            ) : (
              <div className="space-y-4 print:space-y-0">
                {orders.map((order) => (
                  <PackingSlip key={order._id} order={order} shop={shop} />
                ))}
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
