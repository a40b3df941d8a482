/**
 * `vitest run` as `npm test` and `npm run test:pg` run it: when the run fails only because worker
 * processes died under some files, those files run once more and decide the result (./worker-deaths.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { OUTCOME_FILE } from './unfinished-files';
import { filesToRunAgain, type RunOutcome } from './worker-deaths';

function vitest(args: string[]): number {
  rmSync(OUTCOME_FILE, { force: true });
  const run = spawnSync('vitest', ['run', ...args], { stdio: 'inherit', shell: false, env: process.env });
  if (run.error) throw run.error;
  return run.status ?? 1;
}

function outcome(): RunOutcome | undefined {
  return existsSync(OUTCOME_FILE) ? (JSON.parse(readFileSync(OUTCOME_FILE, 'utf8')) as RunOutcome) : undefined;
}

const status = vitest(process.argv.slice(2));
const again = status === 0 ? [] : filesToRunAgain(outcome());
if (again.length === 0) process.exit(status);
process.stderr.write(
  `\nEvery test that ran passed, but the worker process died under ${again.length} file(s); running them once more:\n  ${again.join('\n  ')}\n\n`,
);
process.exit(vitest(again));
