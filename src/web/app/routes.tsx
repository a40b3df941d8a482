import { lazy, Suspense, type ComponentType } from 'react';
import { APP_PAGES, type AppPageName } from '../../shared/app-pages';
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

/** The screen of each page of the app's list (src/shared/app-pages.ts), which the server answers too. */
const SCREENS: Record<Exclude<AppPageName, 'admin'>, ComponentType> = {
  home: HomePage,
  products: ProductsPage,
  product: ProductDetailPage,
  about: AboutPage,
  contact: ContactPage,
  login: LoginPage,
  register: RegisterPage,
  cart: CartPage,
  checkout: CheckoutPage,
  checkoutSuccess: CheckoutSuccessPage,
  account: AccountPage,
  myOrders: MyOrdersPage,
  order: OrderPage,
  orderLink: OrderLinkPage,
};

export function AppRoutes() {
  return (
    <>
      <ScrollManager />
      <Routes>
        <Route element={<PublicLayout />}>
          {Object.entries(SCREENS).map(([name, Screen]) => {
            const { path } = APP_PAGES[name as keyof typeof SCREENS];
            return path ? <Route key={name} path={path} element={<Screen />} /> : <Route key={name} index element={<Screen />} />;
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route
          path={APP_PAGES.admin.path}
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
