/**
 * coop-shop install | config | update | doctor | status | logs: the shop on a server of its own, run by
 * a co-op member as root (docs/operations/going-live.md, decision 058). The verbs live in
 * features/operations; this is the command's door in the built release (dist/server/cli/coop-shop.js).
 */
import { runCommand } from '../features/operations';

runCommand(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`coop-shop failed: ${(error as Error).stack ?? error}`);
    process.exit(1);
  },
);
