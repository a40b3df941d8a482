import ArrowLeft from 'lucide-react/icons/arrow-left';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Trash2 from 'lucide-react/icons/trash-2';
import { Link } from '../../lib/router';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { ButtonLink } from '../../components/ui/button';
import { ProductImage } from '../../components/ui/product-image';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { formatKwacha } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { lineTotalInKwacha, toKwacha, toNgwee } from '../../../shared/money';
import { cartDiscount, CodeEntry, effectOf, useAppliedCode } from '../discounts';
import { cartOrderText } from '../../../shared/whatsapp';
import { productPagePath } from '../../../shared/app-pages';
import { OrderOnWhatsApp } from '../../components/ui/order-on-whatsapp';
import { useCart } from './cart-context';
import { lineKey, type CartItem } from './cart-store';

function EmptyCart() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <ShoppingBag size={56} aria-hidden="true" className="mx-auto mb-4 text-forest-300" />
      <h1 className="mb-3 text-3xl font-bold">Your Cart is Empty</h1>
      <p className="mb-8 text-bark-700">Our oils, lotions and gift sets are waiting for you.</p>
      <ButtonLink to="/products">Browse Products</ButtonLink>
    </div>
  );
}

/** Shown in the total cell on phones and in its own column from sm up (one of the two is hidden). */
function RemoveLineButton({
  item,
  onRemove,
  className,
}: {
  item: CartItem;
  onRemove: (key: string) => void;
  className: string;
}) {
  return (
    <button
      type="button"
      onClick={() => onRemove(lineKey(item))}
      className={`${className} h-11 w-11 items-center justify-center rounded-full text-red-800 hover:bg-red-50`}
      aria-label={`Remove ${item.name} from cart`}
    >
      <Trash2 size={20} aria-hidden="true" />
    </button>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const { updateQuantity, removeItem } = useCart();
  const path = productPagePath(item.id, item.variant);
  return (
    <tr className="border-b border-sand-200 align-middle max-sm:grid max-sm:grid-cols-[5rem_1fr] max-sm:gap-x-3 max-sm:gap-y-2 max-sm:py-4">
      <td className="py-4 pr-3 max-sm:row-span-3 max-sm:py-0">
        <Link to={path} tabIndex={-1} aria-hidden="true" className="block w-20">
          <ProductImage
            url={item.image}
            alt=""
            sizes="80px"
            width={400}
            height={400}
            className="aspect-square w-20 rounded-xl"
          />
        </Link>
      </td>
      <th scope="row" className="py-4 pr-3 text-left font-semibold max-sm:py-0">
        <Link to={path} className="underline-offset-4 hover:text-forest-800 hover:underline">
          {item.name}
        </Link>
        <span className="block text-sm font-normal text-bark-600 sm:hidden">{formatKwacha(item.price)} each</span>
      </th>
      <td className="py-4 pr-3 max-sm:py-0">
        <QuantityStepper
          value={item.quantity}
          onChange={(quantity) => updateQuantity(lineKey(item), quantity)}
          label={item.name}
        />
      </td>
      <td className="py-4 pr-3 text-right tabular-nums max-sm:hidden">{formatKwacha(item.price)}</td>
      <td className="py-4 pr-3 text-right font-semibold tabular-nums max-sm:col-start-2 max-sm:flex max-sm:items-center max-sm:justify-between max-sm:py-0 max-sm:text-left">
        <span className="sr-only sm:hidden">Line total: </span>
        {formatKwacha(lineTotalInKwacha(item.price, item.quantity))}
        <RemoveLineButton item={item} onRemove={removeItem} className="flex sm:hidden" />
      </td>
      <td className="py-4 text-right max-sm:hidden">
        <RemoveLineButton item={item} onRemove={removeItem} className="inline-flex" />
      </td>
    </tr>
  );
}

export function CartPage() {
  useDocumentTitle('Shopping Cart');
  const { items, totalItems, totalAmount } = useCart();
  const discount = cartDiscount(useAppliedCode(), items);
  const effect = effectOf(discount);
  const discountNgwee = Math.min(effect?.amountNgwee ?? 0, toNgwee(totalAmount));
  const afterDiscount = toKwacha(toNgwee(totalAmount) - discountNgwee);
  if (items.length === 0) return <EmptyCart />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Cart' }]} />
      <h1 className="mt-4 mb-6 text-3xl font-bold sm:text-4xl">Shopping Cart</h1>
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          <table className="w-full">
            <caption className="sr-only">Items in your cart</caption>
            <thead className="border-b-2 border-sand-200 text-left text-sm text-bark-600 max-sm:sr-only">
              <tr>
                <th scope="col" className="pb-3">
                  <span className="sr-only">Image</span>
                </th>
                <th scope="col" className="pb-3">
                  Product
                </th>
                <th scope="col" className="pb-3">
                  Quantity
                </th>
                <th scope="col" className="pb-3 text-right">
                  Price
                </th>
                <th scope="col" className="pb-3 text-right">
                  Total
                </th>
                <th scope="col" className="pb-3">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <CartLine key={lineKey(item)} item={item} />
              ))}
            </tbody>
          </table>
          <ButtonLink to="/products" variant="ghost" className="mt-6">
            <ArrowLeft size={18} aria-hidden="true" />
            Continue Shopping
          </ButtonLink>
        </div>
        <aside
          aria-labelledby="summary-title"
          className="h-fit rounded-2xl border border-sand-200 bg-white p-6 lg:sticky lg:top-24"
        >
          <h2 id="summary-title" className="mb-4 text-2xl font-bold">
            Order Summary
          </h2>
          <dl className="space-y-3">
            <div className="flex justify-between gap-4">
              <dt>
                Subtotal ({totalItems} {totalItems === 1 ? 'item' : 'items'})
              </dt>
              <dd className="font-semibold tabular-nums">{formatKwacha(totalAmount)}</dd>
            </div>
            {discountNgwee > 0 && (
              <div className="flex justify-between gap-4 text-forest-800">
                <dt>Discount ({discount?.code})</dt>
                <dd className="font-semibold tabular-nums" data-testid="cart-discount">
                  −{formatKwacha(toKwacha(discountNgwee))}
                </dd>
              </div>
            )}
            <div className="flex justify-between gap-4">
              <dt>Shipping</dt>
              <dd className="text-bark-700">
                {effect?.freeDelivery ? 'Free with your code' : 'Calculated at checkout'}
              </dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-sand-200 pt-3 text-lg font-bold">
              <dt>{discountNgwee > 0 ? 'Subtotal after discount' : 'Total'}</dt>
              <dd className="tabular-nums" data-testid="cart-total">
                {formatKwacha(afterDiscount)}
              </dd>
            </div>
          </dl>
          <div className="mt-4">
            <CodeEntry items={items} returnTo="cart" />
          </div>
          <p className="mt-2 text-sm text-bark-600">Taxes calculated at checkout</p>
          <ButtonLink to="/checkout" size="lg" className="mt-6 w-full">
            Proceed to Checkout
          </ButtonLink>
          <div className="mt-3 text-center">
            <OrderOnWhatsApp message={(shopName) => cartOrderText(shopName, items)} />
          </div>
        </aside>
      </div>
    </div>
  );
}
