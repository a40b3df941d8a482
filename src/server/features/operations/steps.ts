import { OperationFailed } from './host';

/** What a step found: already right, or what it changed. One line, in the co-op's words. */
export interface StepResult {
  changed: boolean;
  said: string;
  /** Not done here, on purpose (a staging root starts nothing). */
  skipped?: boolean;
}

export interface Step {
  /** What the step makes right, said when it fails: "Node.js 24". */
  what: string;
  run(): Promise<StepResult>;
}

export const alreadyRight = (said: string): StepResult => ({ changed: false, said });
export const changed = (said: string): StepResult => ({ changed: true, said });
export const skipped = (said: string): StepResult => ({ changed: false, said, skipped: true });

export interface StepsOutcome {
  changed: number;
  right: number;
  results: StepResult[];
}

/**
 * Runs steps in order, one line each as it ends. The first that fails stops the run: the steps before it
 * are done and stay done, so running the command again after a fix goes on from there.
 */
export async function runSteps(steps: Step[], out: (line: string) => void): Promise<StepsOutcome> {
  const outcome: StepsOutcome = { changed: 0, right: 0, results: [] };
  for (const step of steps) {
    let result: StepResult;
    try {
      result = await step.run();
    } catch (error) {
      out(`  FAILED         ${step.what}`);
      const message = error instanceof Error ? error.message : String(error);
      throw new OperationFailed(
        `${step.what}: ${message}\nWhat was done before this step stays done; run the same command again once this is fixed.`,
      );
    }
    outcome.results.push(result);
    if (result.changed) outcome.changed++;
    else outcome.right++;
    const label = result.changed ? 'done' : result.skipped ? 'not done' : 'already right';
    out(`  ${label.padEnd(15)}${result.said}`);
  }
  return outcome;
}
