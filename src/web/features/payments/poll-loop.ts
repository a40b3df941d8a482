/**
 * How the shopper's page follows a live payment attempt on a slow phone: one status read at a time, the
 * next only after the last answered, waiting longer each time (2 s growing to 10 s), and none while the tab
 * is hidden (the approval prompt covers the browser; the first read after it comes back is immediate).
 */
const FIRST_POLL_MS = 2_000;
const MAX_POLL_MS = 10_000;
const GROWTH = 1.5;

/** The wait before the read numbered `step` (0, 1, 2...): 2 s, 3 s, 4.5 s, 6.75 s, then 10 s. */
export function pollDelayMs(step: number): number {
  return Math.min(MAX_POLL_MS, Math.round(FIRST_POLL_MS * GROWTH ** step));
}

/** The part of `document` the loop uses (a plain EventTarget in unit tests). */
export interface PageVisibility {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** Reads with back-off until stopped; answers the stop function. A failed read is followed by the next one. */
export function startPollLoop(poll: () => Promise<unknown>, page: PageVisibility): () => void {
  let stopped = false;
  let step = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A read came due while the tab was hidden: it happens when the tab shows again.
  let owed = false;

  const read = async () => {
    timer = undefined;
    if (stopped) return;
    if (page.visibilityState === 'hidden') {
      owed = true;
      return;
    }
    try {
      await poll();
    } catch {}
    if (!stopped) timer = setTimeout(read, pollDelayMs(step++));
  };
  const onVisibility = () => {
    if (!owed || page.visibilityState === 'hidden') return;
    owed = false;
    void read();
  };

  page.addEventListener('visibilitychange', onVisibility);
  timer = setTimeout(read, pollDelayMs(step++));
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    page.removeEventListener('visibilitychange', onVisibility);
  };
}
