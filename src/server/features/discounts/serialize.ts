import { toKwacha, toNgwee } from '../../../shared/money';
import type { Discount, DiscountDefinition } from '../../../shared/schemas/discounts';
import type { DiscountCodeValues, DiscountCodeWithGiven } from './queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDiscountJson(row: DiscountCodeWithGiven): Discount {
  return {
    _id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind as Discount['kind'],
    value: row.kind === 'fixed' ? toKwacha(row.value) : row.value,
    minSubtotal: toKwacha(row.minSubtotalNgwee),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    productIds: row.productIds,
    categories: row.categories,
    isActive: row.isActive,
    usesCount: row.usesCount,
    discountGivenNgwee: row.givenNgwee,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The definition as stored: ngwee for a fixed amount, 0 for free delivery, categories once each. */
export function toDiscountValues(d: DiscountDefinition): DiscountCodeValues {
  return {
    code: d.code,
    description: d.description,
    kind: d.kind,
    value: d.kind === 'fixed' ? toNgwee(d.value) : d.kind === 'percent' ? d.value : 0,
    minSubtotalNgwee: toNgwee(d.minSubtotal),
    startsAt: d.startsAt ? new Date(d.startsAt) : null,
    endsAt: d.endsAt ? new Date(d.endsAt) : null,
    maxUses: d.maxUses,
    maxUsesPerCustomer: d.maxUsesPerCustomer,
    productIds: [...new Set(d.productIds.map((id) => id.toLowerCase()))],
    categories: [...new Map(d.categories.map((c) => [c.toLowerCase(), c])).values()],
    isActive: d.isActive,
  };
}
