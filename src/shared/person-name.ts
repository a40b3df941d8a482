import type { z } from 'zod';

/** A letter of any script (Chanda, Zoë, Ngʼandu): what every name has, and an emoji or a symbol alone has not. */
const LETTER = /\p{L}/u;

/**
 * The one rule for a person's name (first name, last name, the account's name), server and web: what is
 * wrong with `typed`, or null. Empty or shorter than `min` characters is SPEC §5's '{label} is required';
 * text without a single letter (one emoji, a dot) says that a name needs letters, not that it is missing.
 * `min` 0: the name may be left empty.
 */
export function nameProblem(typed: string, label: string, min: number): string | null {
  const name = typed.trim();
  if (name === '') return min > 0 ? `${label} is required` : null;
  if (!LETTER.test(name)) return `${label} needs letters: an emoji or a symbol alone is not a name`;
  // Characters as a person counts them: one emoji is one, not the two UTF-16 units of .length.
  if ([...name].length < min) return `${label} is required`;
  return null;
}

/** The rule on a zod string (trimmed by the schema itself); its length limit stays the schema's. */
export function withNameRule<S extends z.ZodType<string>>(schema: S, label: string, min: number) {
  return schema.superRefine((value, ctx) => {
    const problem = nameProblem(value, label, min);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
