import { formatKwacha, toKwacha } from '../../../shared/money';
import { changedFields, type AuditEntry } from '../audit';
import type { DeliveryOptionRow } from './queries';

/** The fields an admin reads in the trail; the fees are money, so they are said with their values. */
function shape(row: DeliveryOptionRow): Record<string, unknown> {
  return {
    name: row.name,
    kind: row.kind,
    provinces: row.provinces,
    towns: row.towns,
    feeNgwee: row.feeNgwee,
    freeAboveNgwee: row.freeAboveNgwee,
    estimate: row.estimate,
    openingHours: row.openingHours,
    directions: row.directions,
    active: row.active,
    position: row.position,
    payOnCollection: row.payOnCollection,
  };
}

const kwacha = (ngwee: number | null) => (ngwee === null ? 'never free' : formatKwacha(toKwacha(ngwee)));

export function deliveryOptionCreatedEntry(row: DeliveryOptionRow): AuditEntry {
  return {
    action: 'delivery.created',
    subjectType: 'delivery',
    subjectId: row.id,
    summary:
      `Delivery option ${row.name} added: fee ${kwacha(row.feeNgwee)}, free above ${kwacha(row.freeAboveNgwee)}` +
      (row.payOnCollection ? ', pay on collection' : ''),
    after: shape(row),
  };
}

/** Null when the save changed nothing. */
export function deliveryOptionUpdatedEntry(before: DeliveryOptionRow, after: DeliveryOptionRow): AuditEntry | null {
  const diff = changedFields(shape(before), shape(after), ['name']);
  if (!diff) return null;
  const parts: string[] = [];
  if (before.active !== after.active) parts.push(after.active ? 'switched on' : 'switched off');
  if (before.payOnCollection !== after.payOnCollection)
    parts.push(after.payOnCollection ? 'pay on collection switched on' : 'pay on collection switched off');
  if (before.feeNgwee !== after.feeNgwee) parts.push(`fee ${kwacha(before.feeNgwee)} → ${kwacha(after.feeNgwee)}`);
  if (before.freeAboveNgwee !== after.freeAboveNgwee)
    parts.push(`free above ${kwacha(before.freeAboveNgwee)} → ${kwacha(after.freeAboveNgwee)}`);
  const others = Object.keys(diff.after).filter(
    (k) => !['active', 'feeNgwee', 'freeAboveNgwee', 'name', 'payOnCollection'].includes(k),
  );
  if (before.name !== after.name) others.unshift('name');
  if (others.length > 0) parts.push(`changed ${others.join(', ')}`);
  return {
    action: 'delivery.updated',
    subjectType: 'delivery',
    subjectId: after.id,
    summary: `Delivery option ${after.name}: ${parts.join('; ')}`,
    ...diff,
  };
}
