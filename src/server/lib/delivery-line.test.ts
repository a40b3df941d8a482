import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDeliveryLine, holdLease, type DeliveryLineRules } from './delivery-line';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A line over an in-memory queue of due rows: claims take up to `batch` of them and say whether a sweep asked. */
function lineOver(due: string[], overrides: Partial<DeliveryLineRules<string>> = {}, batch = 2) {
  const claims: { orphansOnly: boolean; got: string[] }[] = [];
  const sent: string[][] = [];
  const recovered: { all: boolean; atStart: boolean }[] = [];
  const line = createDeliveryLine<string>({
    name: 'test',
    log: pino({ level: 'silent' }),
    sweepMs: 60_000,
    soleSender: false,
    async claim(orphansOnly) {
      const got = due.splice(0, batch);
      claims.push({ orphansOnly, got });
      return got;
    },
    startRun: () => async (rows) => {
      sent.push(rows);
      return true;
    },
    async recover(options) {
      recovered.push(options);
    },
    ...overrides,
  });
  return { line, claims, sent, recovered };
}

describe('the delivery line', () => {
  it('a wake sends batch after batch until a claim finds nothing', async () => {
    const { line, claims, sent } = lineOver(['a', 'b', 'c']);
    line.wake();
    await line.idle();
    expect(sent).toEqual([['a', 'b'], ['c']]);
    expect(claims.map((c) => c.got.length)).toEqual([2, 1, 0]);
    expect(claims.every((c) => !c.orphansOnly)).toBe(true);
  });

  it('stops when a batch answers that the far end is down, and goes again at the next wake', async () => {
    let down = true;
    const { line, sent } = lineOver(['a', 'b', 'c', 'd'], {
      startRun: () => async (rows) => {
        sent.push(rows);
        return !down;
      },
    });
    line.wake();
    await line.idle();
    expect(sent).toEqual([['a', 'b']]);
    down = false;
    line.wake();
    await line.idle();
    expect(sent).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('at start recovers every claim when it is the sole sender; a sweep recovers lapsed ones and takes only orphans', async () => {
    const { line, claims, recovered } = lineOver([], { soleSender: true, sweepMs: 20 });
    await line.start();
    await pause(70);
    await line.close();
    expect(recovered[0]).toEqual({ all: true, atStart: true });
    expect(recovered.slice(1).length).toBeGreaterThan(0);
    expect(recovered.slice(1).every((r) => !r.all && !r.atStart)).toBe(true);
    expect(claims[0].orphansOnly).toBe(false);
    expect(claims.slice(1).some((c) => c.orphansOnly)).toBe(true);
  });

  it('close waits for the batch being sent, and the line claims nothing after it', async () => {
    let finished = false;
    const { line, claims } = lineOver(['a', 'b', 'c'], {
      startRun: () => async () => {
        await pause(50);
        finished = true;
        return true;
      },
    });
    line.wake();
    await pause(5);
    await line.close();
    expect(finished).toBe(true);
    expect(line.closing).toBe(true);
    expect(claims).toHaveLength(1);
    line.wake();
    await line.idle();
    expect(claims).toHaveLength(1);
  });
});

describe('holdLease', () => {
  it('renews the rows still held every third of the lease, not those let go, and stops', async () => {
    const renewed: string[][] = [];
    // Renewals fall due at 100 ms and 200 ms; timers fire in the order they fall due, even on a busy machine.
    const lease = holdLease(
      ['a', 'b'],
      300,
      async (ids) => void renewed.push(ids),
      () => {},
    );
    await pause(150);
    lease.letGo(['a']);
    await pause(150);
    lease.stop();
    const count = renewed.length;
    await pause(150);
    expect(renewed[0]).toEqual(['a', 'b']);
    expect(renewed.at(-1)).toEqual(['b']);
    expect(renewed).toHaveLength(count);
  });
});
