import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';
import { isWorkerDeath, type RunOutcome } from './worker-deaths';

/** Where a run's outcome is written for ./vitest-run.ts; it names no test output, only files. */
export const OUTCOME_FILE = path.resolve('node_modules/.cache/vitest-run/outcome.json');

/**
 * Names the files a run started and never ended (their worker process died), and says so at the end of
 * the run, where a CI log's tail shows it; the rest of the report is Vitest's own.
 */
export default class UnfinishedFiles implements Reporter {
  private readonly started = new Set<string>();

  onTestModuleStart(module: TestModule) {
    this.started.add(module.moduleId);
  }

  onTestModuleEnd(module: TestModule) {
    this.started.delete(module.moduleId);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>) {
    const unfinished = new Set(this.started);
    for (const module of modules)
      if (module.state() === 'pending' || module.state() === 'queued') unfinished.add(module.moduleId);
    const outcome: RunOutcome = {
      unfinished: [...unfinished].map((file) => path.relative(process.cwd(), file)),
      failed: modules.filter((m) => m.state() === 'failed').map((m) => path.relative(process.cwd(), m.moduleId)),
      otherErrors: errors.map((e) => String(e.message ?? e)).filter((message) => !isWorkerDeath(message)),
    };
    mkdirSync(path.dirname(OUTCOME_FILE), { recursive: true });
    writeFileSync(OUTCOME_FILE, JSON.stringify(outcome));
    if (outcome.unfinished.length)
      process.stderr.write(
        `\nThese test files did not finish (their worker process died):\n  ${outcome.unfinished.join('\n  ')}\n`,
      );
  }
}
