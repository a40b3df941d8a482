export { formatKwacha } from '../../shared/money';

const dateFormat = new Intl.DateTimeFormat('en-ZM', { year: 'numeric', month: 'long', day: 'numeric' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
