/**
 * A test file whose worker process died is run once more; any failed test or other error never is
 * (decision 074). V8 can abort a process that compiles and frees PGlite's WebAssembly many times
 * (nodejs/node#64500, open): the file did not fail, its process was killed under it, and a run that
 * stops there would keep a green change from landing for a crash no test of ours can reach.
 */

/** What one Vitest run left behind, written by ./unfinished-files.ts. */
export interface RunOutcome {
  /** Files that started and never ended: their worker process exited under them. */
  unfinished: string[];
  /** Files that ended with a failed test or a failed hook. */
  failed: string[];
  /** Errors outside a test, other than the dead worker's own. */
  otherErrors: string[];
}

/** Vitest's words for a worker process that exited while it ran a file. */
const WORKER_DIED = /Worker exited unexpectedly|Worker forks emitted error|Worker terminated due to/;

export function isWorkerDeath(message: string): boolean {
  return WORKER_DIED.test(message);
}

/** The files to run once more, or none when the run failed for any other reason (or did not fail). */
export function filesToRunAgain(outcome: RunOutcome | undefined): string[] {
  if (!outcome || outcome.unfinished.length === 0) return [];
  if (outcome.failed.length > 0 || outcome.otherErrors.length > 0) return [];
  return outcome.unfinished;
}
