import { MAX_PRICE_KWACHA } from '../../../../shared/schemas/products';

/** What is wrong with a typed price ("The price of 250 ml must be..."), or null when it reads as kwacha. */
export function priceProblem(text: string, what: string): string | null {
  const typed = text.trim();
  const value = Number(typed);
  if (typed === '' || !Number.isFinite(value) || value < 0)
    return `${what} must be an amount in kwacha, such as 85 or 85.50.`;
  if (value > MAX_PRICE_KWACHA) return `${what} is too large.`;
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) return `${what} has at most 2 decimals.`;
  return null;
}

/** What is wrong with a typed whole number from 0 (or `min`) to `max`, or null. */
export function wholeProblem(text: string, what: string, max: number, min = 0): string | null {
  const typed = text.trim();
  const value = Number(typed);
  if (typed === '' || !Number.isInteger(value) || value < min || value > max)
    return `${what} must be a whole number from ${min} to ${max.toLocaleString('en-US')}.`;
  return null;
}
