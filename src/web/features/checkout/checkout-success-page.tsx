import { useQuery } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import { useSearchParams } from '../../lib/router';
import { orderReference, paysByMobileMoney } from '../../../shared/order-status';
import type { Order } from '../../../shared/schemas/orders';
import { ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth';
import { PayByPhone } from '../payments';
import { orderQuery } from './api';
import { FiscalReceiptPanel } from './fiscal-receipt';
import { OrderDetails } from './order-details';
import { PaymentInstructions } from './payment-instructions';

const waitsForTransactionId = (order: Order) => paysByMobileMoney(order.paymentMethod) && !order.isPaid;

/** Mobile money paid by hand is confirmed by the transaction id the customer enters on the order page. */
function OrderPageLink({ order }: { order: Order }) {
  const waiting = waitsForTransactionId(order);
  const label = waiting ? 'Enter your transaction ID' : 'View your order';
  return (
    <div className="text-left">
      {waiting && (
        <p className="mb-3 text-bark-700">Paid already? Tell us the transaction ID from your confirmation message.</p>
      )}
      <ButtonLink
        to={`/account/orders/${encodeURIComponent(order._id)}`}
        variant="outline"
        className="w-full sm:w-auto"
      >
        {label}
      </ButtonLink>
    </div>
  );
}

export function CheckoutSuccessPage() {
  useDocumentTitle('Order received');
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId') ?? '';
  const { isAuthenticated } = useAuth();
  const { data: order, isPending } = useQuery({
    ...orderQuery(orderId),
    enabled: Boolean(orderId) && isAuthenticated,
    meta: { errorToast: 'Failed to fetch order' },
  });
  const loading = Boolean(orderId) && isAuthenticated && isPending;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 text-center sm:py-16">
      <CircleCheck size={64} aria-hidden="true" className="mx-auto mb-4 text-forest-600" />
      <h1 className="mb-3 text-3xl font-bold">Thank You For Your Order!</h1>
      {loading ? (
        <Spinner label="Loading your order" />
      ) : (
        <>
          <p className="mb-8 text-bark-700">
            {order
              ? `Your order #${orderReference(order._id)} has been received and is being processed.`
              : 'Your order has been received and is being processed.'}
          </p>
          {order && (
            <div className="space-y-6">
              <PayByPhone
                order={order}
                manual={
                  <>
                    <PaymentInstructions order={order} />
                    {waitsForTransactionId(order) && <OrderPageLink order={order} />}
                  </>
                }
              />
              {!waitsForTransactionId(order) && <OrderPageLink order={order} />}
              <FiscalReceiptPanel receipt={order.fiscalReceipt} />
              <OrderDetails order={order} withPayment />
            </div>
          )}
        </>
      )}
      <ButtonLink to="/products" className="mt-8">
        Continue Shopping
      </ButtonLink>
    </div>
  );
}
