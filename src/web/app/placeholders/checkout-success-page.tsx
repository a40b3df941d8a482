import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Placeholder until the checkout work lands. */
export function CheckoutSuccessPage() {
  useDocumentTitle('Order received');
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId') ?? '';
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="mb-3 text-3xl font-bold">Thank You For Your Order!</h1>
      <p className="mb-8 text-bark-700">
        {orderId
          ? `Your order #${orderId.slice(0, 8)} has been received and is being processed.`
          : 'Your order has been received and is being processed.'}
      </p>
      <ButtonLink to="/products">Continue Shopping</ButtonLink>
    </div>
  );
}
