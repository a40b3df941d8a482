import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollDelayMs, startPollLoop, type PageVisibility } from './poll-loop';

/** A tab whose visibility the test sets, announcing changes like the browser does. */
class FakePage extends EventTarget implements PageVisibility {
  visibilityState: DocumentVisibilityState = 'visible';
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

/** A status read the test answers when it likes; counts reads and the most in flight at once. */
function slowReads() {
  const pending: (() => void)[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const poll = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        pending.push(() => {
          inFlight -= 1;
          resolve();
        });
      }),
  );
  return { poll, answer: () => pending.shift()?.(), maxInFlight: () => maxInFlight };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('pollDelayMs', () => {
  it('starts at 2 s and grows to 10 s, never more', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(pollDelayMs)).toEqual([2000, 3000, 4500, 6750, 10000, 10000, 10000]);
  });
});

describe('startPollLoop', () => {
  it('waits longer between reads each time', async () => {
    const page = new FakePage();
    const poll = vi.fn(async () => {});
    const stop = startPollLoop(poll, page);
    const readAt: number[] = [];
    poll.mockImplementation(async () => {
      readAt.push(Date.now());
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(60_000);
    stop();
    expect(readAt.slice(0, 6).map((t) => t - start)).toEqual([2000, 5000, 9500, 16250, 26250, 36250]);
    // Over a minute: 8 reads, where a 2 s interval would have made 30.
    expect(readAt).toHaveLength(8);
  });

  it('never has two reads in flight: the next waits for the answer of the last', async () => {
    const page = new FakePage();
    const reads = slowReads();
    const stop = startPollLoop(reads.poll, page);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reads.poll).toHaveBeenCalledTimes(1);
    // The phone's connection is slow: no answer for a minute, and no second read meanwhile.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads.poll).toHaveBeenCalledTimes(1);
    reads.answer();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(reads.poll).toHaveBeenCalledTimes(2);
    expect(reads.maxInFlight()).toBe(1);
    stop();
  });

  it('reads nothing while the tab is hidden and reads at once when it shows again', async () => {
    const page = new FakePage();
    const poll = vi.fn(async () => {});
    const stop = startPollLoop(poll, page);
    page.show('hidden');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(poll).not.toHaveBeenCalled();
    page.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(1);
    // Showing and hiding again owes nothing more.
    page.show('hidden');
    page.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps reading after a failed read, and stops for good when stopped', async () => {
    const page = new FakePage();
    const poll = vi.fn(async () => {
      throw new Error('offline');
    });
    const stop = startPollLoop(poll, page);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(poll).toHaveBeenCalledTimes(2);
    stop();
    page.show('hidden');
    page.show('visible');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('a read that answers after stop schedules nothing', async () => {
    const page = new FakePage();
    const reads = slowReads();
    const stop = startPollLoop(reads.poll, page);
    await vi.advanceTimersByTimeAsync(2_000);
    stop();
    reads.answer();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads.poll).toHaveBeenCalledTimes(1);
  });
});
