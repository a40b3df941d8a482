import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from '../lib/router';
import { Spinner } from '../components/ui/spinner';
import { AppReady } from './app-ready';
import { PublicLayout } from './public-layout';
import { ScrollManager } from './scroll-manager';

/** Each screen is its own chunk: the home page never downloads the cart, the login or the back office. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const HomePage = page(() => import('../features/catalog/pages/home-page'), 'HomePage');
const ProductsPage = page(() => import('../features/catalog/pages/products-page'), 'ProductsPage');
const ProductDetailPage = page(() => import('../features/catalog/pages/product-detail-page'), 'ProductDetailPage');
const CartPage = page(() => import('../features/cart/cart-page'), 'CartPage');
const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = page(() => import('../features/auth/register-page'), 'RegisterPage');
const AboutPage = page(() => import('../features/pages/about-page'), 'AboutPage');
const ContactPage = page(() => import('../features/pages/contact-page'), 'ContactPage');
const NotFoundPage = page(() => import('../features/pages/not-found-page'), 'NotFoundPage');
// Filled in by the checkout, account and back-office work; each stays a separate chunk.
const CheckoutPage = page(() => import('../features/checkout/checkout-page'), 'CheckoutPage');
const CheckoutSuccessPage = page(() => import('../features/checkout/checkout-success-page'), 'CheckoutSuccessPage');
const AccountPage = page(() => import('../features/account/account-page'), 'AccountPage');
const MyOrdersPage = page(() => import('../features/account/my-orders-page'), 'MyOrdersPage');
const OrderPage = page(() => import('../features/account/order-page'), 'OrderPage');
const OrderLinkPage = page(() => import('../features/order-link/order-link-page'), 'OrderLinkPage');
const AdminApp = page(() => import('../features/admin/admin-app'), 'AdminApp');

export function AppRoutes() {
  return (
    <>
      <ScrollManager />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="products" element={<ProductsPage />} />
          <Route path="products/:id" element={<ProductDetailPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="cart" element={<CartPage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="checkout/success" element={<CheckoutSuccessPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="account/orders" element={<MyOrdersPage />} />
          <Route path="account/orders/:id" element={<OrderPage />} />
          <Route path="o/:token" element={<OrderLinkPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route
          path="admin/*"
          element={
            <Suspense fallback={<Spinner label="Loading" className="min-h-dvh" />}>
              <AdminApp />
              <AppReady />
            </Suspense>
          }
        />
      </Routes>
    </>
  );
}
