import type { Owner } from './files';
import { mustRun, type Host } from './host';
import type { ShopLayout } from './layout';
import { alreadyRight, changed, type Step } from './steps';

/** The uid and gid of a user, or undefined when there is no such user. */
export async function findUser(host: Host, name: string): Promise<Owner | undefined> {
  const result = await host.run('getent', ['passwd', name]);
  if (result.code !== 0) return undefined;
  const [, , uid, gid] = result.stdout.trim().split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** The service user: a system account with its own group, no password and no login shell. */
export function systemUserStep(host: Host, layout: ShopLayout, found: (owner: Owner) => void): Step {
  return {
    what: `the system user ${layout.user}`,
    async run() {
      const existing = await findUser(host, layout.user);
      if (existing) {
        found(existing);
        return alreadyRight(`system user ${layout.user}`);
      }
      await mustRun(host, 'useradd', [
        '--system',
        '--user-group',
        '--home-dir',
        layout.dataDir,
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        '--comment',
        'Forest co-op shop',
        layout.user,
      ]);
      const made = await findUser(host, layout.user);
      if (!made) throw new Error(`useradd said it made ${layout.user}, but it cannot be found`);
      found(made);
      return changed(`system user ${layout.user} made (no password, no login)`);
    },
  };
}
