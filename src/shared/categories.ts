export const CATEGORIES = ['skincare', 'body-care', 'gift-sets', 'oil', 'lotion', 'essentials'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  skincare: 'Skincare',
  'body-care': 'Body Care',
  'gift-sets': 'Gift Sets',
  oil: 'Oil',
  lotion: 'Lotion',
  essentials: 'Essentials',
};

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

/** The listing shows category values with the hyphen replaced by a space (SPEC §2). */
export function categoryDisplayName(category: string): string {
  return category.replace(/-/g, ' ');
}
