import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { ButtonLink } from '../../components/ui/button';
import { useAuth } from '../../features/auth';
import { useCart } from '../../features/cart';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Placeholder until the checkout work lands: the login gate and empty-cart states of SPEC §2 already hold. */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { isAuthenticated } = useAuth();
  const { items } = useCart();
  const navigate = useNavigate();

  useEffect(() => {
    if (isAuthenticated) return;
    toast.error('Please login to checkout');
    navigate('/login?redirect=checkout', { replace: true });
  }, [isAuthenticated, navigate]);

  if (!isAuthenticated) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="mb-3 text-3xl font-bold">Checkout</h1>
        <p className="mb-8 text-bark-700">Please login to checkout</p>
        <ButtonLink to="/login?redirect=checkout">Login to Checkout</ButtonLink>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="mb-3 text-3xl font-bold">Your cart is empty</h1>
        <p className="mb-8 text-bark-700">Add some products to your cart before checking out.</p>
        <ButtonLink to="/products">Browse Products</ButtonLink>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="mb-3 text-3xl font-bold">Checkout</h1>
      <p className="mb-8 text-bark-700">The checkout form is on its way.</p>
      <ButtonLink to="/cart" variant="outline">
        ← Back to Cart
      </ButtonLink>
    </div>
  );
}
