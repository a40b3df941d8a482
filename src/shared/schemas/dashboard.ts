import { z } from 'zod';

/** One month of the revenue chart: 'Jan'..'Dec' and the paid takings of that month in kwacha. */
export const monthlyRevenueSchema = z.object({ month: z.string(), revenue: z.number() });

/** The light order shape of the dashboard's "recent orders" table. */
export const recentOrderSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string().nullable(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  totalPrice: z.number(),
  status: z.string(),
  isPaid: z.boolean(),
});

/**
 * GET /dashboard, computed by the database (SPEC §9 definitions). totalSales leaves out cancelled
 * orders; monthlyRevenue runs January through the current month in the shop's time zone (Africa/Lusaka).
 */
export const dashboardSchema = z.object({
  totalSales: z.number(),
  totalCustomers: z.number().int(),
  totalProducts: z.number().int(),
  pendingOrders: z.number().int(),
  /** Members' payouts that failed and no admin has dealt with: they are on Needs attention (GET /payments). */
  failedPayouts: z.number().int(),
  monthlyRevenue: z.array(monthlyRevenueSchema),
  recentOrders: z.array(recentOrderSchema),
});
export type DashboardStats = z.infer<typeof dashboardSchema>;
