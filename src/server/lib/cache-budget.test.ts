import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cacheDefaultMb, heapLimitMb } from './cache-budget';

describe('cacheDefaultMb', () => {
  it('gives the full size from a 512 MB heap up and a share of it below', () => {
    expect(cacheDefaultMb(32, 4096)).toBe(32);
    expect(cacheDefaultMb(32, 512)).toBe(32);
    expect(cacheDefaultMb(32, 288)).toBe(18);
    expect(cacheDefaultMb(24, 256)).toBe(12);
    expect(cacheDefaultMb(16, 10)).toBe(1);
  });

  it('reads the limit Node was started with', () => {
    const read = (flags: string[]) =>
      Number(
        execFileSync(process.execPath, [
          ...flags,
          '-e',
          'console.log(require("node:v8").getHeapStatistics().heap_size_limit / 1048576)',
        ]).toString(),
      );
    // A 1 GB server's service (decision 075): 256 MB of old generation and three 8 MB semi-spaces.
    const small = read(['--max-old-space-size=256', '--max-semi-space-size=8']);
    expect(small).toBe(280);
    expect(cacheDefaultMb(32, small)).toBe(17);
    expect(heapLimitMb()).toBeGreaterThan(0);
  });
});
