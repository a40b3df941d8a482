/**
 * The command line of a script: `--name value` pairs and bare `--flag`s (a flag followed by another
 * `--name`, or last, reads as 'true'). No value of our scripts starts with `--`, so that is unambiguous.
 */
export function parseArgs(argv: readonly string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (!token.startsWith('--')) throw new Error(`unexpected argument ${token}: options are --name value or --flag`);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) args.set(token.slice(2), 'true');
    else {
      args.set(token.slice(2), next);
      i++;
    }
  }
  return args;
}
