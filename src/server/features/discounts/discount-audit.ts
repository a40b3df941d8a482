import { formatKwacha, toKwacha } from '../../../shared/money';
import { changedFields, type AuditEntry } from '../audit';
import type { DiscountCodeRow } from './queries';

/** The fields an admin reads in the trail; what the code gives is said in words, as the list shows it. */
function shape(row: DiscountCodeRow): Record<string, unknown> {
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    minSubtotalNgwee: row.minSubtotalNgwee,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    productIds: row.productIds,
    categories: row.categories,
    isActive: row.isActive,
  };
}

function gives(row: DiscountCodeRow): string {
  if (row.kind === 'percent') return `${row.value}% off`;
  if (row.kind === 'fixed') return `${formatKwacha(toKwacha(row.value))} off`;
  return 'free delivery';
}

export function discountCreatedEntry(row: DiscountCodeRow): AuditEntry {
  return {
    action: 'discount.created',
    subjectType: 'discount',
    subjectId: row.id,
    summary: `Discount code ${row.code} added: ${gives(row)}${row.isActive ? '' : ' (off)'}`,
    after: shape(row),
  };
}

/** Null when the save changed nothing. */
export function discountUpdatedEntry(before: DiscountCodeRow, after: DiscountCodeRow): AuditEntry | null {
  const diff = changedFields(shape(before), shape(after), ['code']);
  if (!diff) return null;
  const parts: string[] = [];
  if (before.isActive !== after.isActive) parts.push(after.isActive ? 'switched on' : 'switched off');
  if (gives(before) !== gives(after)) parts.push(`${gives(before)} → ${gives(after)}`);
  const others = Object.keys(diff.after).filter((k) => !['isActive', 'kind', 'value', 'code'].includes(k));
  if (before.code !== after.code) others.unshift('code');
  if (others.length > 0) parts.push(`changed ${others.join(', ')}`);
  return {
    action: 'discount.updated',
    subjectType: 'discount',
    subjectId: after.id,
    summary: `Discount code ${after.code}: ${parts.join('; ')}`,
    ...diff,
  };
}
