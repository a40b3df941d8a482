export { formatKwacha } from '../../shared/money';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Every date the shop shows, storefront and back office: English (US), 'November 24, 2026' (SPEC §2, §9). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
