import { toKwacha } from '../../../shared/money';
import type { DashboardStats } from '../../../shared/schemas/dashboard';
import type { Db } from '../../db/client';
import { orderCustomer } from '../orders';
import { headlineFigures, monthlyRevenueNgwee, recentOrders } from './queries';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const RECENT_ORDERS = 5;

/** Every figure is an aggregate in the database; the three independent queries run side by side. */
export async function dashboardStats(db: Db): Promise<DashboardStats> {
  const [figures, months, recent] = await Promise.all([
    headlineFigures(db),
    monthlyRevenueNgwee(db),
    recentOrders(db, RECENT_ORDERS),
  ]);
  return {
    totalSales: toKwacha(figures.totalSalesNgwee),
    totalCustomers: figures.totalCustomers,
    totalProducts: figures.totalProducts,
    pendingOrders: figures.pendingOrders,
    failedPayouts: figures.failedPayouts,
    monthlyRevenue: months.map((m) => ({ month: MONTHS[m.month - 1], revenue: toKwacha(m.revenueNgwee) })),
    recentOrders: recent.map((o) => ({
      _id: o.id,
      user: orderCustomer(o),
      createdAt: o.createdAt.toISOString(),
      totalPrice: toKwacha(o.totalNgwee),
      status: o.status,
      isPaid: o.isPaid,
    })),
  };
}
