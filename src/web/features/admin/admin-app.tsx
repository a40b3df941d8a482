import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from '../../lib/router';
import { useAuth } from '../auth';
import { AdminLayout } from './layout';

function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const DashboardPage = screen(() => import('./dashboard/dashboard-page'), 'DashboardPage');
const AdminProductsPage = screen(() => import('./products/products-page'), 'AdminProductsPage');
const CustomersPage = screen(() => import('./customers/customers-page'), 'CustomersPage');
const AdminOrdersPage = screen(() => import('./orders/orders-page'), 'AdminOrdersPage');
const OrdersToShipPage = screen(() => import('./orders/to-ship-page'), 'OrdersToShipPage');
const PaymentsPage = screen(() => import('./payments/payments-page'), 'PaymentsPage');
const DeliveryPage = screen(() => import('./delivery/delivery-page'), 'DeliveryPage');
const SettingsPage = screen(() => import('./settings/settings-page'), 'SettingsPage');
const BackupsPage = screen(() => import('./backups/backups-page'), 'BackupsPage');
const AuditPage = screen(() => import('./audit/audit-page'), 'AuditPage');
const ReportsPage = screen(() => import('./reports/reports-page'), 'ReportsPage');
const StatementsPage = screen(() => import('./statements/statements-page'), 'StatementsPage');
const DiscountsPage = screen(() => import('./discounts/discounts-page'), 'DiscountsPage');
const UssdTranslationsPage = screen(() => import('./ussd/translations-page'), 'UssdTranslationsPage');
const MembersPage = screen(() => import('./members/members-page'), 'MembersPage');
const MemberPage = screen(() => import('./members/member-page'), 'MemberPage');
const PayoutsPage = screen(() => import('./payouts/payouts-page'), 'PayoutsPage');
const PayoutRunPage = screen(() => import('./payouts/run-page'), 'PayoutRunPage');
const ReturnsPage = screen(() => import('./returns/returns-page'), 'ReturnsPage');
const ReturnPage = screen(() => import('./returns/return-page'), 'ReturnPage');
const FiscalPage = screen(() => import('./fiscal/fiscal-page'), 'FiscalPage');

/** The back office: only admins get past the gate (the server checks every call again). */
export function AdminApp() {
  const { user, isAdmin } = useAuth();
  if (!user) return <Navigate to="/login" replace />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="products" element={<AdminProductsPage />} />
        <Route path="customers" element={<CustomersPage />} />
        <Route path="members" element={<MembersPage />} />
        <Route path="members/:id" element={<MemberPage />} />
        <Route path="payouts" element={<PayoutsPage />} />
        <Route path="payouts/runs/:id" element={<PayoutRunPage />} />
        <Route path="orders" element={<AdminOrdersPage />} />
        <Route path="orders/to-ship" element={<OrdersToShipPage />} />
        <Route path="returns" element={<ReturnsPage />} />
        <Route path="returns/:id" element={<ReturnPage />} />
        <Route path="payments" element={<PaymentsPage />} />
        <Route path="statements" element={<StatementsPage />} />
        <Route path="delivery" element={<DeliveryPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="ussd" element={<UssdTranslationsPage />} />
        <Route path="smart-invoice" element={<FiscalPage />} />
        <Route path="backups" element={<BackupsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="reports" element={<ReportsPage />} />
        <Route path="discounts" element={<DiscountsPage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
    </Routes>
  );
}
