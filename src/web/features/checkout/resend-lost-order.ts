import { ApiError } from '../../lib/api-client';

/**
 * Waits between asking again for an order whose answer was lost. With two instances behind nginx, one
 * killed mid-order answers 502 (or the connection drops) for an order it had written; the same
 * Idempotency-Key asked again answers that order. About 7.5 s in all before the shopper hears of a failure.
 */
export const RESEND_DELAYS_MS = [500, 1_000, 2_000, 4_000];

/** No answer, or the proxy's word that the instance behind it did not give one: the order may exist. */
export function isLostAnswer(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || [502, 503, 504].includes(error.status));
}

function untilOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends the order (`send` carries the one Idempotency-Key of this attempt) and, while its answer is lost,
 * sends it again after a short wait, and after the connection is back when the phone went offline.
 * Any other answer, or the last lost one, is the caller's to show.
 */
export async function sendUntilAnswered<T>(
  send: () => Promise<T>,
  delays: readonly number[] = RESEND_DELAYS_MS,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await send();
    } catch (error) {
      if (!isLostAnswer(error) || tries >= delays.length) throw error;
      await pause(delays[tries]);
      await untilOnline();
    }
  }
}
