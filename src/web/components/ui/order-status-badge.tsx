import { Badge, type BadgeTone } from './badge';

/** SPEC §4 badge colours; 'Completed' is styled though never offered. */
const STATUS_TONES: Record<string, BadgeTone> = {
  Completed: 'green',
  Delivered: 'green',
  Processing: 'blue',
  Shipped: 'purple',
  Pending: 'amber',
  Cancelled: 'red',
};

/** The dashboard styles only Delivered, Processing and Pending (SPEC §4); other statuses stay neutral there. */
const DASHBOARD_STATUSES = new Set(['Delivered', 'Processing', 'Pending']);

function orderStatusTone(status: string, variant: 'full' | 'dashboard' = 'full'): BadgeTone {
  if (variant === 'dashboard' && !DASHBOARD_STATUSES.has(status)) return 'neutral';
  return STATUS_TONES[status] ?? 'neutral';
}

export function OrderStatusBadge({ status, variant = 'full' }: { status: string; variant?: 'full' | 'dashboard' }) {
  return <Badge tone={orderStatusTone(status, variant)}>{status}</Badge>;
}
