import { PHONE_CODE_RESEND_SECONDS } from '../../../shared/schemas/phone-sign-in';

/**
 * How many codes may be sent. Many shoppers share one carrier address (NAT), so the limits are per number
 * and per number at one address, counted from the phone_codes rows while the number is locked (so they
 * hold across restarts and instances, and exactly under parallel requests). The cap per address alone
 * (ADDRESS_CODE_LIMIT) is generous and only stops one host texting hundreds of numbers.
 * A wrong code is bounded by the code itself (5 tries), so guessing gets at most 25 tries an hour per number.
 */
export interface CodeLimit {
  /** Which rows count: 'mobile', or the number at this 'mobile+address'. */
  scope: 'mobile' | 'mobile+address';
  max: number;
  windowMs: number;
  message: (wait: string) => string;
}

const MINUTE = 60_000;

export const CODE_LIMITS: readonly CodeLimit[] = [
  {
    scope: 'mobile',
    max: 1,
    windowMs: PHONE_CODE_RESEND_SECONDS * 1000,
    message: (wait) => `Please wait ${wait} before asking for another code.`,
  },
  {
    scope: 'mobile+address',
    max: 3,
    windowMs: 15 * MINUTE,
    message: (wait) => `Too many codes for this number. Please try again in ${wait}.`,
  },
  {
    scope: 'mobile',
    max: 5,
    windowMs: 60 * MINUTE,
    message: (wait) => `Too many codes for this number. Please try again in ${wait}.`,
  },
];

/**
 * Codes sent from one address to any numbers, in a window of an hour from the first. Its requests name
 * different numbers, so no number's lock orders them: the count is taken and checked in one statement on
 * a counter of the address (docs/decisions/023-counts-that-hold-under-bursts.md: 100 parallel requests
 * sent 65 against the rows' count of 60).
 */
export const ADDRESS_CODE_LIMIT = { max: 60, windowMs: 60 * MINUTE };

export function addressLimitHit(waitMs: number): LimitHit {
  return {
    waitMs,
    message: `Too many codes asked from your network. Please try again in ${waitText(waitMs, ADDRESS_CODE_LIMIT.windowMs)}.`,
  };
}

/** The longest window of each scope: how far back the rows are read. */
export const longestWindow = (scope: CodeLimit['scope']) =>
  Math.max(...CODE_LIMITS.filter((l) => l.scope === scope).map((l) => l.windowMs));

export interface LimitHit {
  waitMs: number;
  message: string;
}

/** The longest wait any limit asks for, given when earlier codes of each scope were made (newest first). */
export function codeLimitHit(times: Record<CodeLimit['scope'], Date[]>, now: number): LimitHit | null {
  let hit: LimitHit | null = null;
  for (const limit of CODE_LIMITS) {
    const recent = times[limit.scope].filter((t) => now - t.getTime() < limit.windowMs);
    if (recent.length < limit.max) continue;
    // The code that must age out of the window before another fits.
    const waitMs = recent[limit.max - 1].getTime() + limit.windowMs - now;
    if (!hit || waitMs > hit.waitMs) hit = { waitMs, message: limit.message(waitText(waitMs, limit.windowMs)) };
  }
  return hit;
}

/** Seconds under a minute's window, minutes above: "45 seconds", "12 minutes". */
function waitText(waitMs: number, windowMs: number): string {
  if (windowMs <= MINUTE) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
