import { mustRun, type Host } from './host';
import type { ShopLayout } from './layout';
import type { Services } from './services';
import { alreadyRight, changed, type Step } from './steps';

export const POSTGRES_DATABASE = 'coop_shop';

/**
 * The machine's PostgreSQL, reached over its Unix socket as the service user (peer authentication):
 * no password exists, so none can leak.
 */
export const postgresUrl = (layout: ShopLayout) =>
  `postgresql://${layout.user}@%2Fvar%2Frun%2Fpostgresql/${POSTGRES_DATABASE}`;

const asPostgres = (host: Host, command: string, args: string[]) =>
  host.run('runuser', ['-u', 'postgres', '--', command, ...args]);

/** The distribution's PostgreSQL running, with a role for the service user and the shop's database. */
export function postgresStep(host: Host, layout: ShopLayout, services: Services): Step {
  return {
    what: 'the PostgreSQL database',
    async run() {
      const done: string[] = [];
      if (await services.enable('postgresql')) done.push('started at boot');
      if (!(await services.state('postgresql')).active) {
        await services.restart('postgresql');
        done.push('started');
      }
      const role = await asPostgres(host, 'psql', ['-tAc', `select 1 from pg_roles where rolname = '${layout.user}'`]);
      if (role.stdout.trim() !== '1') {
        await mustRun(host, 'runuser', [
          '-u',
          'postgres',
          '--',
          'psql',
          '-v',
          'ON_ERROR_STOP=1',
          '-c',
          `create role "${layout.user}" login`,
        ]);
        done.push(`role ${layout.user}`);
      }
      const database = await asPostgres(host, 'psql', [
        '-tAc',
        `select 1 from pg_database where datname = '${POSTGRES_DATABASE}'`,
      ]);
      if (database.stdout.trim() !== '1') {
        await mustRun(host, 'runuser', [
          '-u',
          'postgres',
          '--',
          'createdb',
          `--owner=${layout.user}`,
          POSTGRES_DATABASE,
        ]);
        done.push(`database ${POSTGRES_DATABASE}`);
      }
      return done.length === 0
        ? alreadyRight(`PostgreSQL database ${POSTGRES_DATABASE} for ${layout.user}`)
        : changed(`PostgreSQL: ${done.join(', ')} (reached over its socket, no password)`);
    },
  };
}
