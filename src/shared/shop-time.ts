/**
 * The co-op's clock: its days and months are those of Zambia, Africa/Lusaka (UTC+2, no daylight saving),
 * whatever the time zone of the server or of the admin's phone. Reports, exports and the dashboard use it.
 */
export const SHOP_TIME_ZONE = 'Africa/Lusaka';

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

function shopParts(at: Date) {
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(at)) parts[part.type] = part.value;
  return parts;
}

/** The day on the shop's clock: 'YYYY-MM-DD'. */
export function shopDayOf(at: Date): string {
  const p = shopParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The month on the shop's clock: 'YYYY-MM'. */
export function shopMonthOf(at: Date): string {
  return shopDayOf(at).slice(0, 7);
}

/** ISO 8601 on the shop's clock with its offset: '2026-11-27T14:03:05+02:00' (what a spreadsheet reader expects). */
export function isoInShopTime(at: Date): string {
  const p = shopParts(at);
  // longOffset reads 'GMT+02:00' ('GMT' alone for a zone at UTC).
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : p.timeZoneName.replace('GMT', '');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}
