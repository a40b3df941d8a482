import { toKwacha } from '../../../../shared/money';
import type { AuditSubject } from '../../../../shared/schemas/audit';
import { formatKwacha } from '../../../lib/format';

/** The audit trail in a co-op member's words: what each action and field is called, and how values read. */

export const SUBJECT_LABELS: Record<AuditSubject, string> = {
  product: 'Products',
  order: 'Orders',
  payment: 'Payments',
  user: 'People',
  settings: 'Settings',
  delivery: 'Delivery',
  discount: 'Discount codes',
  member: 'Members',
  payout: 'Member payouts',
  return: 'Returns',
};

const ACTION_LABELS: Record<string, string> = {
  'return.requested': 'Return asked',
  'return.accepted': 'Return accepted',
  'return.refused': 'Return refused',
  'return.received': 'Return received',
  'return.refunded': 'Return refunded',
  'return.exchanged': 'Return exchanged',
  'return.refund-asked-again': 'Return refund asked again',
  'delivery.created': 'Delivery option added',
  'delivery.updated': 'Delivery option edited',
  'discount.created': 'Discount code added',
  'discount.updated': 'Discount code edited',
  'product.created': 'Product added',
  'product.updated': 'Product edited',
  'product.deleted': 'Product deleted',
  'product.makers-changed': 'Makers changed',
  'member.created': 'Member added',
  'member.updated': 'Member edited',
  'member.wallet-change-asked': 'Wallet change asked',
  'member.wallet-changed': 'Wallet changed',
  'member.wallet-change-cancelled': 'Wallet change cancelled',
  'order.status-changed': 'Order status',
  'order.cancelled': 'Order cancelled',
  'order.delivered': 'Order delivered',
  'order.marked-paid': 'Marked paid',
  'order.paid-on-collection': 'Paid on collection',
  'order.collected': 'Order collected',
  'order.text-held-back': 'Text held back',
  'payment.resolved': 'Payment dealt with',
  'user.admin-granted': 'Made admin',
  'user.admin-removed': 'Admin removed',
  'user.updated': 'Account edited',
  'user.deleted': 'Account deleted',
  'settings.updated': 'Settings changed',
};

const FIELD_LABELS: Record<string, string> = {
  priceNgwee: 'Price',
  countInStock: 'Stock',
  sku: 'SKU',
  isFeatured: 'Featured',
  howToUse: 'How to use',
  images: 'Pictures',
  mainImage: 'Main picture',
  lowStockThreshold: 'Low-stock level',
  stockReturned: 'Stock returned',
  stockTaken: 'Stock taken again',
  isPaid: 'Paid',
  totalNgwee: 'Order total',
  amountNgwee: 'Amount',
  orderId: 'Order',
  state: 'Outcome',
  email: 'E-mail',
  isAdmin: 'Admin',
  shopName: 'Shop name',
  airtelMoneyNumber: 'Airtel Money number',
  mtnMoneyNumber: 'MTN MoMo number',
  paymentAccountName: 'Payment account name',
  whatsappNumber: 'WhatsApp number',
  orderSmsNumber: 'Number for new-order SMS',
  perDay: 'Texts a day',
  facebookUrl: 'Facebook link',
  instagramUrl: 'Instagram link',
  linkedinUrl: 'LinkedIn link',
};

/** Unknown actions read as their own name: a line written by a newer server still shows. */
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** fieldName → "Field name" unless it has a label of its own. */
export function fieldLabel(key: string): string {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isStockLine = (value: unknown): value is { name: string; quantity: number } =>
  typeof value === 'object' && value !== null && 'quantity' in value && 'name' in value;

/** A stored value as text: money in kwacha (fields ending in Ngwee), yes/no, lists joined, nothing as "(empty)". */
export function formatAuditValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (key.endsWith('Ngwee') && typeof value === 'number') return formatKwacha(toKwacha(value));
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    return value
      .map((item) =>
        isStockLine(item) ? `${item.name || 'a deleted product'} × ${item.quantity}` : formatAuditValue('', item),
      )
      .join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface AuditChange {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
  /** Kept to name the subject (its name, e-mail), not changed. */
  same: boolean;
}

/** The fields of a line, those naming the subject first; before or after is null for a line that has none (created, deleted). */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes = keys.map((key) => ({
    key,
    label: fieldLabel(key),
    before: before ? formatAuditValue(key, before[key]) : null,
    after: after ? formatAuditValue(key, after[key]) : null,
    same: before !== null && after !== null && JSON.stringify(before[key]) === JSON.stringify(after[key]),
  }));
  // What names the subject first, then what changed.
  return changes.sort((a, b) => Number(b.same) - Number(a.same));
}
