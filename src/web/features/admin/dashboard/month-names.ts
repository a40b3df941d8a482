const FULL_NAMES: Record<string, string> = {
  Jan: 'January',
  Feb: 'February',
  Mar: 'March',
  Apr: 'April',
  May: 'May',
  Jun: 'June',
  Jul: 'July',
  Aug: 'August',
  Sep: 'September',
  Oct: 'October',
  Nov: 'November',
  Dec: 'December',
};

/** The server names months 'Jan'..'Dec' (short enough for a phone's axis); tooltips and tables spell them out. */
export function fullMonthName(short: string): string {
  return FULL_NAMES[short] ?? short;
}

export const Y_AXIS_WIDTH = 52;

/** Room one month label ('May') needs with a gap either side at 12 px. */
const LABEL_ROOM = 40;

/**
 * Every how many months a label goes, minus one (recharts' `interval`): the same step across the axis,
 * so a phone reads Jan, Mar, May... instead of the uneven picks of 'preserveStartEnd'.
 */
export function monthLabelInterval(monthCount: number, chartWidth: number): number {
  const fits = Math.max(1, Math.floor((chartWidth - Y_AXIS_WIDTH - 16) / LABEL_ROOM));
  return Math.max(0, Math.ceil(monthCount / fits) - 1);
}
