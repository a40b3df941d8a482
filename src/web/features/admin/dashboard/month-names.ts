const FULL_NAMES: Record<string, string> = {
  Jan: 'January', Feb: 'February', Mar: 'March', Apr: 'April', May: 'May', Jun: 'June',
  Jul: 'July', Aug: 'August', Sep: 'September', Oct: 'October', Nov: 'November', Dec: 'December',
};

/** The server names months 'Jan'..'Dec' (short enough for a phone's axis); tooltips and tables spell them out. */
export function fullMonthName(short: string): string {
  return FULL_NAMES[short] ?? short;
}
