import { describe, expect, it } from 'vitest';
import { filesToRunAgain, isWorkerDeath } from './worker-deaths';

describe('a file whose worker died runs once more; nothing else does', () => {
  const died = { unfinished: ['src/a.test.ts'], failed: [], otherErrors: [] };

  it('runs again the files a dead worker left unfinished', () => {
    expect(filesToRunAgain(died)).toEqual(['src/a.test.ts']);
  });

  it('runs nothing again when a test failed, another error was seen, or nothing was left unfinished', () => {
    expect(filesToRunAgain({ ...died, failed: ['src/b.test.ts'] })).toEqual([]);
    expect(filesToRunAgain({ ...died, otherErrors: ['TypeError: x is undefined'] })).toEqual([]);
    expect(filesToRunAgain({ ...died, unfinished: [] })).toEqual([]);
    expect(filesToRunAgain(undefined)).toEqual([]);
  });

  it("tells Vitest's words for a dead worker from any other error", () => {
    expect(isWorkerDeath('[vitest-pool]: Worker forks emitted error.')).toBe(true);
    expect(isWorkerDeath('Worker exited unexpectedly')).toBe(true);
    expect(isWorkerDeath('Error: connect ECONNREFUSED 127.0.0.1:5432')).toBe(false);
  });
});
