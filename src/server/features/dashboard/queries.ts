import { desc, inArray, ne, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { orders, payouts, products, users } from '../../db/schema';
import { ACTION_NEEDED_STATUSES } from '../../../shared/order-status';
import { SHOP_TIME_ZONE } from '../../../shared/shop-time';

/** The shop's clock: a month of revenue is a calendar month in Zambia (UTC+2, no daylight saving). */
const zone = sql.raw(`'${SHOP_TIME_ZONE}'`);

/** Both drivers answer a raw statement with its rows under `rows` (bigint as text on node-postgres). */

/**
 * The headline figures in one statement: both order figures come from a single pass over orders
 * (aggregate FILTERs), the others are counts on their own tables.
 */
export async function headlineFigures(db: Db) {
  const result = await db.execute(sql`
    select o.total_sales, o.pending_orders, u.total_customers, p.total_products, f.failed_payouts
    from (
      select coalesce(sum(${orders.totalNgwee}) filter (where ${ne(orders.status, 'Cancelled')}), 0) as total_sales,
             count(*) filter (where ${inArray(orders.status, [...ACTION_NEEDED_STATUSES])}) as pending_orders
      from ${orders}
    ) o
    cross join (select count(*) as total_customers from ${users} where not ${users.isAdmin}) u
    cross join (select count(*) as total_products from ${products} where ${products.countInStock} > 0) p
    cross join (select count(*) as failed_payouts from ${payouts}
      where ${payouts.state} = 'failed' and ${payouts.resolvedAt} is null) f`);
  const [row] =
    rowsOf<
      Record<
        'total_sales' | 'pending_orders' | 'total_customers' | 'total_products' | 'failed_payouts',
        number | string
      >
    >(result);
  return {
    totalSalesNgwee: Number(row.total_sales),
    pendingOrders: Number(row.pending_orders),
    totalCustomers: Number(row.total_customers),
    totalProducts: Number(row.total_products),
    failedPayouts: Number(row.failed_payouts),
  };
}

/**
 * Paid takings per month from January to the current month of the current year, months and year
 * taken in the shop's time zone. Orders are summed once per month (orders_paid_created_idx narrows
 * them to this year's paid ones), then joined to the list of months so a quiet month shows 0.
 */
export async function monthlyRevenueNgwee(db: Db): Promise<{ month: number; revenueNgwee: number }[]> {
  const result = await db.execute(sql`
    with bounds as (
      select date_trunc('year', now() at time zone ${zone}) at time zone ${zone} as year_start,
             (date_trunc('year', now() at time zone ${zone}) + interval '1 year') at time zone ${zone} as next_year_start,
             extract(month from now() at time zone ${zone})::int as current_month
    ),
    paid as (
      select extract(month from o.created_at at time zone ${zone})::int as month, sum(o.total_ngwee) as revenue
      from orders o, bounds b
      where o.is_paid and o.status <> 'Cancelled' and o.created_at >= b.year_start and o.created_at < b.next_year_start
      group by 1
    )
    select m.month, coalesce(p.revenue, 0)::bigint as revenue
    from bounds b
    cross join generate_series(1, b.current_month) as m(month)
    left join paid p on p.month = m.month
    order by m.month`);
  return rowsOf<{ month: number | string; revenue: number | string }>(result).map((r) => ({
    month: Number(r.month),
    revenueNgwee: Number(r.revenue),
  }));
}

export function recentOrders(db: Db, count: number) {
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      createdAt: orders.createdAt,
      totalNgwee: orders.totalNgwee,
      status: orders.status,
      isPaid: orders.isPaid,
    })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(count);
}
