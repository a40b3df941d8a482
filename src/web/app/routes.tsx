import { isValidElement, Suspense, type ComponentType } from 'react';
import { APP_PAGES, type AppPageName } from '../../shared/app-pages';
import { elementsAt, Route, Routes } from '../lib/router';
import { Spinner } from '../components/ui/spinner';
import { AppReady } from './app-ready';
import { PublicLayout } from './public-layout';
import { ScrollManager } from './scroll-manager';

/** A screen whose code is its own chunk, and can be fetched before it is drawn. */
type Screen = ComponentType & { load: () => Promise<void> };

/**
 * Each screen is its own chunk: the home page never downloads the cart, the login or the back office.
 * Drawn before its chunk has arrived, a screen suspends and the layout's Suspense shows its loading
 * state, as React's lazy() would. Not lazy() itself: its first render suspends even when the chunk is
 * in, and a screen that suspends while Preact adopts the server's page keeps only its first element
 * (home, About and Contact lost everything below the hero until their chunk came). main.tsx loads the
 * screen first (loadScreenAt), so the page is adopted in one pass with all its nodes.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): Screen {
  let Loaded: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  const loadScreen = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module[name] as ComponentType;
      },
      (error: unknown) => {
        failure = { error };
      },
    ));
  function Screen() {
    if (failure) throw failure.error;
    // Suspense waits for a thrown promise, then draws again.
    if (!Loaded) throw loadScreen();
    return <Loaded />;
  }
  return Object.assign(Screen, { load: loadScreen });
}

const isScreen = (type: unknown): type is Screen => typeof type === 'function' && 'load' in type;

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
const PickupPage = page(() => import('../features/pickup/pickup-page'), 'PickupPage');
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
  pickup: PickupPage,
};

/** Made afresh for each use: a server render and the browser must not share element objects. */
function appRoutes() {
  return [
    <Route key="public" element={<PublicLayout />}>
      {Object.entries(SCREENS).map(([name, Screen]) => {
        const { path } = APP_PAGES[name as keyof typeof SCREENS];
        return path ? (
          <Route key={name} path={path} element={<Screen />} />
        ) : (
          <Route key={name} index element={<Screen />} />
        );
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Route>,
    <Route
      key="admin"
      path={APP_PAGES.admin.path}
      element={
        <Suspense fallback={<Spinner label="Loading" className="min-h-dvh" />}>
          <AdminApp />
          <AppReady />
        </Suspense>
      }
    />,
  ];
}

export function AppRoutes() {
  return (
    <>
      <ScrollManager />
      <Routes>{appRoutes()}</Routes>
    </>
  );
}

/** Fetches the code of the screen shown at `pathname`; never fails (a screen that failed to load says so when drawn). */
export async function loadScreenAt(pathname: string): Promise<void> {
  const screens = elementsAt(appRoutes(), pathname).flatMap((element) =>
    isValidElement(element) && isScreen(element.type) ? [element.type] : [],
  );
  await Promise.all(screens.map((screen) => screen.load()));
}
