import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../auth';

function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const DashboardPage = screen(() => import('./dashboard/dashboard-page'), 'DashboardPage');
const AdminProductsPage = screen(() => import('./products/products-page'), 'AdminProductsPage');
const CustomersPage = screen(() => import('./customers/customers-page'), 'CustomersPage');
const AdminOrdersPage = screen(() => import('./orders/orders-page'), 'AdminOrdersPage');

/** The back office: only admins get past the gate (the server checks every call again). */
export function AdminApp() {
  const { user, isAdmin } = useAuth();
  if (!user) return <Navigate to="/login" replace />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<Spinner label="Loading" className="min-h-dvh" />}>
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="products" element={<AdminProductsPage />} />
        <Route path="customers" element={<CustomersPage />} />
        <Route path="orders" element={<AdminOrdersPage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </Suspense>
  );
}
