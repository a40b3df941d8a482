import { createInterface } from 'node:readline';

/** Reads lines one at a time (standard input, or a test's list); undefined when there are no more. */
export type LineReader = (prompt: string) => Promise<string | undefined>;

/**
 * Lines from standard input, for secrets: on a terminal the prompt is shown and what is typed is not, so
 * a secret is never on the screen, in the shell's history or in the process list; from a pipe, one line
 * each.
 */
export function stdinLines(): LineReader {
  let lines: AsyncIterator<string> | undefined;
  return async (prompt) => {
    if (!lines) {
      const rl = createInterface({
        input: process.stdin,
        output: process.stdout,
        terminal: Boolean(process.stdin.isTTY),
      });
      // Nothing typed is echoed.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
      lines = rl[Symbol.asyncIterator]();
    }
    if (process.stdin.isTTY) process.stdout.write(prompt);
    const next = await lines.next();
    if (process.stdin.isTTY) process.stdout.write('\n');
    return next.done ? undefined : next.value;
  };
}

/** A reader of the given lines, for tests. */
export const linesOf =
  (...given: string[]): LineReader =>
  async () =>
    given.shift();
