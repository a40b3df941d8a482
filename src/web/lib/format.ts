export { formatKwacha } from '../../shared/money';

const dateFormat = new Intl.DateTimeFormat('en-ZM', { year: 'numeric', month: 'long', day: 'numeric' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const usDateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The back office's dates: long-form US English, 'November 23, 2026' (SPEC §2 admin orders, §9). */
export function formatUsDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : usDateFormat.format(date);
}
