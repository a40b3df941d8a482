import { z } from 'zod';

export const idSchema = z.string().min(1).max(64);
export const errorSchema = z.object({ message: z.string() });
export const messageSchema = z.object({ message: z.string() });

/** Query-string numbers arrive as text; an empty value means "not given". */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const pageQuery = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page is too large')
    .default(1),
);

export function limitQuery(defaultLimit: number, max = 100) {
  return z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `limit must be a whole number from 1 to ${max}` })
      .int(`limit must be a whole number from 1 to ${max}`)
      .min(1, `limit must be a whole number from 1 to ${max}`)
      .max(max, `limit must be a whole number from 1 to ${max}`)
      .default(defaultLimit),
  );
}

export const keywordQuery = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().max(100, 'keyword is too long (at most 100 characters)').optional(),
);

/** A free-text field: trimmed, bounded. */
export function text(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`);
}

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Invalid email address' }));
