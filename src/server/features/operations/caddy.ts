import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderCaddyfile, type CaddySite } from './caddyfile';
import { ensureFile, fileIsRight } from './files';
import { OperationFailed, type Host } from './host';
import type { ShopLayout } from './layout';
import type { Services } from './services';
import { alreadyRight, changed, type Step } from './steps';

const MARK = '# Written by coop-shop install';

/** Caddy's own check of a Caddyfile: undefined when valid, else what Caddy said. */
export async function caddyValidate(host: Host, caddyfile: string): Promise<string | undefined> {
  const result = await host.run('caddy', ['validate', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, XDG_DATA_HOME: tmpdir(), XDG_CONFIG_HOME: tmpdir() },
  });
  if (result.code === 0) return undefined;
  const errors = result.stderr
    .split('\n')
    .filter((line) => /error/i.test(line))
    .slice(-3);
  return (errors.join('\n') || result.stderr.trim() || `exit ${result.code}`).slice(0, 2000);
}

/**
 * /etc/caddy/Caddyfile for the shop (Debian's caddy service reads it), checked by `caddy validate` before
 * it replaces the old one, then Caddy reloads it without dropping connections. A Caddyfile someone else
 * wrote is kept beside it as Caddyfile.before-coop-shop.
 */
export function caddyStep(host: Host, layout: ShopLayout, services: Services, site: () => CaddySite): Step {
  return {
    what: 'Caddy, the web server in front of the shop',
    async run() {
      const text = renderCaddyfile(site());
      const wanted = { content: text, mode: 0o644 };
      if (fileIsRight(layout.caddyfile, wanted)) {
        const enabled = await services.enable('caddy');
        return enabled
          ? changed(`Caddy started at boot, HTTPS for ${site().domain}`)
          : alreadyRight(`Caddy: HTTPS for ${site().domain}, HTTP redirected`);
      }
      const trial = path.join(tmpdir(), `coop-shop-caddyfile-${randomBytes(4).toString('hex')}`);
      writeFileSync(trial, text);
      try {
        const refused = await caddyValidate(host, trial);
        if (refused) throw new OperationFailed(`Caddy refused the configuration:\n${refused}`);
      } finally {
        rmSync(trial, { force: true });
      }
      const before = `${layout.caddyfile}.before-coop-shop`;
      if (
        existsSync(layout.caddyfile) &&
        !readFileSync(layout.caddyfile, 'utf8').startsWith(MARK) &&
        !existsSync(before)
      )
        copyFileSync(layout.caddyfile, before);
      ensureFile(layout.caddyfile, wanted);
      await services.enable('caddy');
      await services.reload('caddy');
      return changed(`Caddy: HTTPS for ${site().domain} by ACME, HTTP redirected, answers compressed`);
    },
  };
}
