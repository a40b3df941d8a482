import type { FastifyBaseLogger } from 'fastify';

export const WATCH_INTERVAL_MS = 60_000;

/**
 * A once-a-minute look at the products table, for changes the notices missed: a NOTIFY lost while
 * another instance's listening connection was down, or a product added or edited outside the shop.
 * When the fingerprint moved, `onMoved` drops every answer and reads the whole search index again. A
 * change this instance made itself moves it too, which costs one extra read after an admin's edits.
 */
export function watchCatalogue(
  fingerprint: () => Promise<string>,
  onMoved: () => void,
  log: FastifyBaseLogger,
  intervalMs = WATCH_INTERVAL_MS,
) {
  let seen: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function checkOnce(): Promise<void> {
    try {
      const now = await fingerprint();
      if (seen !== null && now !== seen) onMoved();
      seen = now;
    } catch (err) {
      log.warn({ err }, 'could not look at the catalogue for missed changes');
    }
  }

  return {
    checkOnce,
    start() {
      timer = setInterval(() => {
        running ??= checkOnce().finally(() => {
          running = null;
        });
      }, intervalMs);
      timer.unref?.();
      running = checkOnce().finally(() => {
        running = null;
      });
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
