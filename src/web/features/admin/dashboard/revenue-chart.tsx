import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatKwacha } from '../../../lib/format';
import type { DashboardStats } from './api';
import { fullMonthName, monthLabelInterval, Y_AXIS_WIDTH } from './month-names';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** The only module that imports recharts: loaded lazily by the dashboard, never by the storefront. */
export default function RevenueChart({ months }: { months: DashboardStats['monthlyRevenue'] }) {
  const [width, setWidth] = useState(0);
  return (
    <ResponsiveContainer width="100%" height="100%" onResize={(w) => setWidth(w)}>
      <BarChart
        data={months}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        title="Monthly revenue chart: use the arrow keys to read each month"
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#efe0c6" />
        <XAxis
          dataKey="month"
          tickLine={false}
          axisLine={false}
          tick={{ fill: '#4e4034', fontSize: 12 }}
          interval={width ? monthLabelInterval(months.length, width) : 0}
        />
        <YAxis
          width={Y_AXIS_WIDTH}
          tickLine={false}
          axisLine={false}
          tick={{ fill: '#4e4034', fontSize: 12 }}
          tickFormatter={(value: number) => `K${compact.format(value).toLowerCase()}`}
        />
        <Tooltip
          cursor={{ fill: '#f1f7f1' }}
          labelFormatter={(label) => fullMonthName(String(label))}
          formatter={(value) => [formatKwacha(Number(value)), 'Revenue']}
          contentStyle={{ borderRadius: 12, borderColor: '#e3cba3' }}
        />
        <Bar dataKey="revenue" name="Revenue" fill="#2c5a32" radius={[6, 6, 0, 0]} maxBarSize={48} />
      </BarChart>
    </ResponsiveContainer>
  );
}
