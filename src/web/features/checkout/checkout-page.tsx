import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '../../lib/router';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { Button, ButtonLink } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useOnline } from '../../lib/use-online';
import { isSessionError, useAuth, useSessionExpiry } from '../auth';
import { failureMessage } from '../../lib/failure-message';
import { useCart } from '../cart';
import { cartDiscount, CodeEntry, effectOf, setAppliedCode, useAppliedCode } from '../discounts';
import { CartChangesAlert, type CartChanges } from './cart-changes-alert';
import { applyConflict, conflictOf, placeOrder, unpaidRefusalOf } from './api';
import { UnpaidOrdersAlert } from './unpaid-orders-alert';
import { CheckoutFields } from './checkout-fields';
import {
  checkoutFormSchema,
  checkoutFormWithoutEmailSchema,
  type CheckoutForm,
  type CheckoutFormInput,
} from './checkout-schema';
import { OFFLINE_CHECKOUT_NOTICE_ID, OfflineCheckoutNotice } from './offline-checkout-notice';
import { OrderSummary, OrderTotalLine } from './order-summary';
import { computeTotalsInKwacha } from '../../../shared/money';
import { ruleOf, useDeliveryOptionsFor } from './delivery-api';
import { DeliveryChoice, needsChoice } from './delivery-choice';
import { DEFAULT_PAYMENT_METHOD, PAY_ON_COLLECTION } from '../../../shared/payment-methods';

const FORM_ID = 'checkout-form';
const newKey = () => crypto.randomUUID();

function Notice({
  title,
  text,
  to,
  action,
  changes,
}: {
  title: string;
  text: string;
  to: string;
  action: string;
  changes?: CartChanges | null;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      {changes && <CartChangesAlert changes={changes} cartEmptied />}
      <h1 className="mb-3 text-3xl font-bold">{title}</h1>
      <p className="mb-8 text-bark-700">{text}</p>
      <ButtonLink to={to}>{action}</ButtonLink>
    </div>
  );
}

export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { isAuthenticated } = useAuth();
  const { items } = useCart();
  const navigate = useNavigate();
  const [changes, setChanges] = useState<CartChanges | null>(null);
  // Set when this screen itself moves on (order placed, session expired) so the gate does not toast twice.
  const leaving = useRef(false);

  useEffect(() => {
    if (isAuthenticated || leaving.current) return;
    toast.error('Please login to checkout');
    navigate('/login?redirect=checkout', { replace: true });
  }, [isAuthenticated, navigate]);

  if (!isAuthenticated)
    return (
      <Notice
        title="Checkout"
        text="Please login to checkout"
        to="/login?redirect=checkout"
        action="Login to Checkout"
      />
    );
  // A 409 that took the last product out of the cart still says why the cart is now empty.
  if (items.length === 0)
    return (
      <Notice
        title="Your cart is empty"
        text="Add some products to your cart before checking out."
        to="/products"
        action="Browse Products"
        changes={changes}
      />
    );
  return <CheckoutScreen onLeave={() => (leaving.current = true)} changes={changes} onChanges={setChanges} />;
}

interface ScreenProps {
  onLeave: () => void;
  changes: CartChanges | null;
  onChanges: (changes: CartChanges) => void;
}

function CheckoutScreen({ onLeave, changes, onChanges }: ScreenProps) {
  const { user } = useAuth();
  const { items, clearCart, replaceItems } = useCart();
  const navigate = useNavigate();
  const expireSession = useSessionExpiry();
  // One key per checkout attempt: a double tap or a retry after a dropped connection answers the same order.
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [unpaidRefusal, setUnpaidRefusal] = useState<string | null>(null);
  const inFlight = useRef(false);
  // Offline the order cannot be placed; the form stays as filled, and the key stays for the one real attempt.
  const online = useOnline();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormInput, unknown, CheckoutForm>({
    // SPEC §5's e-mail rule, except for an account opened with a phone number alone
    // (docs/decisions/016-phone-sign-in.md).
    resolver: zodResolver(user?.email ? checkoutFormSchema : checkoutFormWithoutEmailSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: user?.firstName || user?.name.split(' ')[0] || '',
      lastName: user?.lastName || user?.name.split(' ').slice(1).join(' ') || '',
      email: user?.email ?? '',
      phoneNumber: user?.phone ?? '',
      address: '',
      city: '',
      province: '',
      zipCode: '',
      paymentMethod: DEFAULT_PAYMENT_METHOD,
    },
  });

  const applied = useAppliedCode();
  const discount = cartDiscount(applied, items);
  const discountEffect = effectOf(discount);
  // Delivery options for the address as typed (decision 037); the first offered until the shopper picks one.
  const province = watch('province');
  const town = watch('city');
  // Delivery is judged on the subtotal after the discount (decision 033).
  const beforeDelivery = computeTotalsInKwacha(items, { discount: discountEffect });
  const subtotal = Math.round((beforeDelivery.itemsPrice - beforeDelivery.discountPrice) * 100) / 100;
  const offered = useDeliveryOptionsFor(province, town, subtotal);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const options = province ? offered.data?.options : undefined;
  const chosenOption = options?.find((o) => o._id === chosenId) ?? options?.[0];
  const delivery = chosenOption ? { id: chosenOption._id, rule: ruleOf(chosenOption) } : undefined;
  const deliveryName = chosenOption && needsChoice(options) ? chosenOption.name : undefined;
  // Pay on collection only with a pickup point that takes it (decision 045); another option takes the choice back.
  const payOnCollectionAt = chosenOption?.payOnCollection ? chosenOption.name : undefined;
  useEffect(() => {
    if (payOnCollectionAt === undefined && getValues('paymentMethod') === PAY_ON_COLLECTION)
      setValue('paymentMethod', DEFAULT_PAYMENT_METHOD);
  }, [payOnCollectionAt, getValues, setValue]);

  const submit = handleSubmit(async (form) => {
    if (items.length === 0) {
      toast.error('Your cart is empty');
      return;
    }
    if (options && options.length === 0) {
      toast.error(`We do not deliver to ${form.city}, ${form.province} yet.`);
      return;
    }
    if (inFlight.current || !navigator.onLine) return;
    inFlight.current = true;
    setUnpaidRefusal(null);
    try {
      const order = await placeOrder(
        items,
        form,
        idempotencyKey,
        delivery,
        discount && discountEffect ? { code: discount.code, effect: discountEffect } : undefined,
      );
      onLeave();
      setAppliedCode(null);
      toast.success('Order placed successfully');
      clearCart();
      navigate(`/checkout/success?orderId=${encodeURIComponent(order._id)}`);
    } catch (error) {
      if (isSessionError(error)) {
        onLeave();
        expireSession('/login?redirect=checkout');
        return;
      }
      const unpaid = unpaidRefusalOf(error);
      if (unpaid) {
        setUnpaidRefusal(unpaid);
        toast.error(unpaid);
        return;
      }
      // A fee or an option changed in the back office since the list was read: read it again.
      void offered.refetch();
      const conflict = conflictOf(error);
      if (conflict) {
        // A refused code is taken off; a discount that changed is asked again by the code entry.
        if (conflict.discountCode) setAppliedCode(null);
        else if (applied && conflict.differs?.includes('discount')) setAppliedCode({ ...applied, checkedFor: '' });
        const outcome = applyConflict(items, conflict);
        replaceItems(outcome.items);
        setIdempotencyKey(newKey());
        onChanges({ message: conflict.message, lines: outcome.changes });
        toast.error(
          outcome.items.length > 0
            ? 'Your cart was updated. Please check it and place the order again.'
            : 'Your cart was updated.',
        );
        return;
      }
      toast.error(failureMessage(error, 'There was a problem processing your order'));
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Cart', to: '/cart' }, { label: 'Checkout' }]} />
      <h1 className="mt-4 mb-6 text-3xl font-bold sm:text-4xl">Checkout</h1>
      {changes && <CartChangesAlert changes={changes} />}
      {unpaidRefusal && <UnpaidOrdersAlert message={unpaidRefusal} />}
      {/* The summary comes first in reading order: a shopper (or a screen reader) meets the total with tax
          and shipping before any button that places the order. On wide screens it sits in the right column. */}
      <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
        <OrderSummary
          items={items}
          formId={FORM_ID}
          submitting={isSubmitting}
          offlineNoticeId={online ? undefined : OFFLINE_CHECKOUT_NOTICE_ID}
          className="lg:col-start-2 lg:row-start-1"
          delivery={delivery?.rule}
          deliveryName={deliveryName}
          discount={discountEffect}
          codeEntry={<CodeEntry items={items} returnTo="checkout" />}
        />
        <form
          id={FORM_ID}
          noValidate
          onSubmit={submit}
          className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1"
          aria-label="Checkout"
        >
          <CheckoutFields
            register={register}
            errors={errors}
            payOnCollectionAt={payOnCollectionAt}
            afterAddress={
              <DeliveryChoice
                province={province}
                town={town}
                subtotal={subtotal}
                options={options}
                loading={offered.isFetching}
                failed={offered.isError}
                onRetry={() => void offered.refetch()}
                chosen={chosenOption?._id ?? null}
                onChoose={setChosenId}
              />
            }
          />
          <OrderTotalLine items={items} delivery={delivery?.rule} className="lg:hidden" discount={discountEffect} />
          {!online && <OfflineCheckoutNotice />}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            {isSubmitting ? (
              <Button variant="outline" disabled>
                Processing...
              </Button>
            ) : (
              <ButtonLink to="/cart" variant="outline">
                ← Back to Cart
              </ButtonLink>
            )}
            <Button
              type="submit"
              size="lg"
              disabled={isSubmitting || !online}
              aria-describedby={online ? undefined : OFFLINE_CHECKOUT_NOTICE_ID}
            >
              {isSubmitting ? 'Processing...' : 'Place Order'}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
