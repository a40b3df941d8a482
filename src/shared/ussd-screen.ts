import { toGsmText } from './sms-text';

/** A screen is at most this many characters with its CON/END prefix (issue 31: the smallest networks'). */
export const SCREEN_LIMIT = 160;

export type Answer = `CON ${string}` | `END ${string}`;

/**
 * Draws the lines as one answer within SCREEN_LIMIT: typographic characters become GSM-7 look-alikes,
 * and while it is too long the longest line is shortened (a product name, a translation an admin made
 * long), so no screen is ever cut by the operator.
 */
export function draw(kind: 'CON' | 'END', lines: string[]): Answer {
  const shown = lines.map((line) => toGsmText(line).replace(/\s+/g, ' ').trim()).filter((line) => line !== '');
  const size = () => kind.length + 1 + shown.join('\n').length;
  while (size() > SCREEN_LIMIT) {
    let longest = 0;
    for (let i = 1; i < shown.length; i += 1) if (shown[i]!.length > shown[longest]!.length) longest = i;
    const over = size() - SCREEN_LIMIT;
    const line = shown[longest]!;
    const keep = Math.max(1, line.length - over - 2);
    shown[longest] = line.length <= 3 ? line.slice(0, Math.max(0, line.length - over)) : `${line.slice(0, keep)}..`;
    if (shown[longest] === line) break;
  }
  return `${kind} ${shown.join('\n')}` as Answer;
}

/** "1. Shop" */
export const option = (n: number | string, label: string) => `${n}. ${label}`;
