/**
 * Our money is integer ngwee; providers speak kwacha with decimals. These convert exactly, with string
 * arithmetic on the way in, so no ngwee is lost or invented by a float.
 */

/** 12345 -> "123.45"; 100 -> "1.00". */
export function kwachaText(ngwee: number): string {
  if (!Number.isSafeInteger(ngwee) || ngwee < 0) throw new RangeError('amount must be whole, non-negative ngwee');
  const kwacha = Math.floor(ngwee / 100);
  const rest = ngwee % 100;
  return `${kwacha}.${String(rest).padStart(2, '0')}`;
}

/**
 * 12345 -> 123.45 as a JSON number (Airtel takes a number). An integer divided by 100 gives the double
 * nearest that decimal, and JSON prints the shortest text that reads back to it: exactly "123.45".
 */
export function kwachaNumber(ngwee: number): number {
  return Number(kwachaText(ngwee));
}

/** "123.45", "123.4", "123", 123.45 -> ngwee; null for anything that is not a whole number of ngwee. */
export function ngweeFromKwacha(value: unknown): number | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2})0*)?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
