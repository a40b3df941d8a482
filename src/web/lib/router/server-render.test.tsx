import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leftToBrowser } from './links';
import {
  BrowserRouter,
  elementsAt,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useParams,
  useSearchParams,
} from '.';

// These run in Node without a DOM: a router that touched window or document while rendering would throw.

function Page({ name }: { name: string }) {
  const params = useParams();
  const { pathname, search, hash, state, key } = useLocation();
  const [query] = useSearchParams();
  return (
    <p
      data-page={name}
      data-params={JSON.stringify(params)}
      data-location={JSON.stringify({ pathname, search, hash, state, key })}
      data-page-number={query.get('page') ?? ''}
    />
  );
}

function Layout({ name }: { name: string }) {
  return (
    <div data-layout={name}>
      <Outlet />
    </div>
  );
}

function AdminApp() {
  return (
    <Routes>
      <Route element={<Layout name="admin" />}>
        <Route index element={<Page name="dashboard" />} />
        <Route path="orders" element={<Page name="orders" />} />
        <Route path="orders/to-ship" element={<Page name="to-ship" />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
    </Routes>
  );
}

function App() {
  return (
    <Routes>
      <Route element={<Layout name="public" />}>
        <Route index element={<Page name="home" />} />
        <Route path="products" element={<Page name="products" />} />
        <Route path="products/:id" element={<Page name="product" />} />
        <Route path="*" element={<Page name="not-found" />} />
      </Route>
      <Route path="admin/*" element={<AdminApp />} />
    </Routes>
  );
}

const render = (location: string, children: ReactNode = <App />) =>
  renderToString(<StaticRouter location={location}>{children}</StaticRouter>);

describe('Routes and Outlet on the server', () => {
  it('render the matched route inside its layout', () => {
    expect(render('/')).toBe(
      '<div data-layout="public"><p data-page="home" data-params="{}" data-location="{&quot;pathname&quot;:&quot;/&quot;,&quot;search&quot;:&quot;&quot;,&quot;hash&quot;:&quot;&quot;,&quot;state&quot;:null,&quot;key&quot;:&quot;default&quot;}" data-page-number></p></div>',
    );
    expect(render('/products?page=2')).toContain('data-page="products"');
    expect(render('/products?page=2')).toContain('data-page-number="2"');
    expect(render('/products/a%20b')).toContain('data-params="{&quot;id&quot;:&quot;a b&quot;}"');
    expect(render('/no/such/page')).toContain('data-page="not-found"');
  });

  it('give the location of the address, a bare ? or # read as none', () => {
    const html = render('/products?#');
    expect(html).toContain('&quot;search&quot;:&quot;&quot;,&quot;hash&quot;:&quot;&quot;');
    expect(render('/products?page=2#grid')).toContain(
      '&quot;search&quot;:&quot;?page=2&quot;,&quot;hash&quot;:&quot;#grid&quot;',
    );
  });

  it('match descendant routes under admin/* against what the splat matched', () => {
    expect(render('/admin')).toMatch(/^<div data-layout="admin"><p data-page="dashboard"/);
    expect(render('/admin/orders/to-ship')).toContain('data-page="to-ship"');
    expect(render('/admin/orders')).toContain('data-params="{&quot;*&quot;:&quot;orders&quot;}"');
  });

  it('render nothing for a <Navigate> or for no match', () => {
    expect(render('/admin/nowhere')).toBe('<div data-layout="admin"></div>');
    expect(
      render(
        '/contact',
        <Routes>
          <Route path="about" element={<p />} />
        </Routes>,
      ),
    ).toBe('');
  });

  it('name, without drawing, the elements <Routes> shows at an address, outermost first', () => {
    const routes = (App() as { props: { children: ReactNode } }).props.children;
    const names = (pathname: string) =>
      elementsAt(routes, pathname).map((element) => {
        const { name } = (element as { props: { name?: string } }).props;
        return name ?? 'admin app';
      });
    expect(names('/')).toEqual(['public', 'home']);
    expect(names('/products/7')).toEqual(['public', 'product']);
    expect(names('/no/such/page')).toEqual(['public', 'not-found']);
    expect(names('/admin/orders')).toEqual(['admin app']);
  });

  it('refuse a <Route> outside <Routes>, and hooks outside a router', () => {
    expect(() =>
      renderToString(
        <StaticRouter location="/">
          <Route path="x" />
        </StaticRouter>,
      ),
    ).toThrow('<Route> is used only');
    expect(() => renderToString(<Page name="alone" />)).toThrow('inside <BrowserRouter> or <StaticRouter>');
  });
});

describe('the first render in the browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes the markup the server wrote for the same address (so hydration finds it)', () => {
    for (const address of ['/', '/products/7?page=2#reviews', '/admin/orders', '/nowhere']) {
      const url = new URL(address, 'https://shop.example');
      vi.stubGlobal('window', { location: url, history: { state: null } });
      const inBrowser = renderToString(
        <BrowserRouter>
          <App />
        </BrowserRouter>,
      );
      expect(inBrowser).toBe(render(address));
    }
  });

  it('reads the state and key it stored in the history entry', () => {
    vi.stubGlobal('window', {
      location: new URL('https://shop.example/cart'),
      history: { state: { usr: { from: 'card' }, key: 'k1' } },
    });
    expect(
      renderToString(
        <BrowserRouter>
          <Page name="cart" />
        </BrowserRouter>,
      ),
    ).toContain('&quot;state&quot;:{&quot;from&quot;:&quot;card&quot;},&quot;key&quot;:&quot;k1&quot;');
  });
});

describe('Link and NavLink on the server', () => {
  it('write the resolved href and pass other attributes through', () => {
    expect(
      render(
        '/cart',
        <Link to="/products?category=honey" className="card" target="_blank">
          Honey
        </Link>,
      ),
    ).toBe('<a href="/products?category=honey" target="_blank" class="card">Honey</a>');
    expect(render('/products?page=2#top', <Link to="?page=3">Next</Link>)).toBe('<a href="/products?page=3">Next</a>');
  });

  it('resolve a relative `to` from the route that renders it', () => {
    const routes = (
      <Routes>
        <Route path="admin/*" element={<Link to="orders">Orders</Link>} />
      </Routes>
    );
    expect(render('/admin', routes)).toBe('<a href="/admin/orders">Orders</a>');
    const descendant = (
      <Routes>
        <Route
          path="admin/*"
          element={
            <Routes>
              <Route path="orders/:id" element={<Link to="../..">Back</Link>} />
            </Routes>
          }
        />
      </Routes>
    );
    expect(render('/admin/orders/9', descendant)).toBe('<a href="/">Back</a>');
  });

  it('mark the link of the current page with aria-current and its class', () => {
    const links = (
      <>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </NavLink>
        <NavLink to="/admin" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Dashboard
        </NavLink>
        <NavLink to="/admin/orders" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Orders
        </NavLink>
        <NavLink to="/admin/order" className="plain">
          Order
        </NavLink>
      </>
    );
    expect(render('/admin/orders/to-ship', links)).toBe(
      '<a href="/" class="off">Home</a><a href="/admin" class="off">Dashboard</a><a aria-current="page" href="/admin/orders" class="on">Orders</a><a href="/admin/order" class="plain">Order</a>',
    );
    expect(render('/ADMIN', links)).toContain('<a aria-current="page" href="/admin" class="on">Dashboard</a>');
    expect(render('/admin/order', links)).toContain(
      '<a aria-current="page" href="/admin/order" class="plain active">Order</a>',
    );
  });

  it('is active at / only on the home page, with or without end', () => {
    expect(render('/products', <NavLink to="/">Home</NavLink>)).toBe('<a href="/">Home</a>');
    expect(render('/', <NavLink to="/">Home</NavLink>)).toBe('<a aria-current="page" href="/" class="active">Home</a>');
  });
});

describe('leftToBrowser', () => {
  const plain = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };

  it('leaves to the browser what opens elsewhere: other buttons, modifier keys, another target', () => {
    expect(leftToBrowser(plain, undefined)).toBe(false);
    expect(leftToBrowser(plain, '_self')).toBe(false);
    expect(leftToBrowser(plain, '_blank')).toBe(true);
    expect(leftToBrowser({ ...plain, button: 1 }, undefined)).toBe(true);
    for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const)
      expect(leftToBrowser({ ...plain, [key]: true }, undefined)).toBe(true);
  });
});
