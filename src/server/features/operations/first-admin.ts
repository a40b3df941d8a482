import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Settings } from './env-file';
import { ensureFile, type Owner } from './files';
import { mustRun, withSbin, type Host } from './host';
import type { ShopLayout } from './layout';
import { LOW_PEAK_NODE_FLAGS } from './node-runtime';
import { alreadyRight, changed, type Step } from './steps';

/** No letters that are easily read for others (l, 1, o, 0, i). 31^16 is about 2^79. */
const LETTERS = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Four groups of four: easy to read aloud and to type on a phone. */
export function generatePassword(): string {
  const group = () => Array.from({ length: 4 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

export interface FirstAdmin {
  email: string;
  /** Given on standard input, or generated; printed once at the end when generated. */
  password: string;
  generated: boolean;
}

/**
 * The shop's first admin, made by the release's own `admin-create` run as the service user (so the
 * database it makes is the service's). The password reaches it in its environment, never on its command
 * line, where any user of the machine could read it in the process list. Made once: a note in the
 * operations folder says so, and install run again leaves the admins alone.
 */
export function firstAdminStep(
  host: Host,
  layout: ShopLayout,
  admin: FirstAdmin,
  context: { settings: () => Settings; owner: () => Owner },
): Step {
  const note = path.join(layout.opsStateDir, 'first-admin.json');
  return {
    what: `the first admin ${admin.email}`,
    async run() {
      if (existsSync(note)) {
        const made = JSON.parse(readFileSync(note, 'utf8')) as { email: string; made: string };
        return alreadyRight(`first admin ${made.email}, made ${made.made.slice(0, 10)}`);
      }
      const owner = context.owner();
      await mustRun(
        host,
        layout.nodeBin,
        [LOW_PEAK_NODE_FLAGS, path.join(layout.currentLink, 'dist/server/cli/admin-create.js'), '--email', admin.email],
        {
          as: owner,
          cwd: layout.dataDir,
          env: withSbin({
            ...Object.fromEntries(context.settings()),
            ADMIN_EMAIL: admin.email,
            ADMIN_PASSWORD: admin.password,
            PATH: process.env.PATH,
          }),
          timeoutMs: 5 * 60_000,
        },
      );
      ensureFile(note, {
        content: `${JSON.stringify({ email: admin.email, made: new Date().toISOString() })}\n`,
        mode: 0o640,
        owner,
      });
      return changed(`first admin ${admin.email} made`);
    },
  };
}
