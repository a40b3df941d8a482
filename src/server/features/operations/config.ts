import { readFileSync, statSync } from 'node:fs';
import type { OperationsContext } from './context';
import { renderEnvFile, SETTING_NAME, type Settings } from './env-file';
import { ensureFile } from './files';
import { OperationFailed } from './host';
import type { ShopLayout } from './layout';
import { checkSettings } from './settings-check';
import { readSettings } from './settings-file';
import { waitForShop } from './shop-health';
import { writeUnits } from './units';

/**
 * Settings that hold a password or a key. They are never taken on the command line (the process list
 * and the shell's history would keep them): `config set KEY` asks for the value on standard input. And
 * they are never printed back.
 */
const SECRET = /(SECRET|PASSWORD|API_KEY|TOKEN|_PIN$|SUBSCRIPTION_KEY|^SMTP_URL$|^DATABASE_URL$)/;
export const isSecret = (key: string) => SECRET.test(key);

/** Settings install decides from its own flags: changed through install, where Caddy changes with them. */
const INSTALL_OWNS: Record<string, string> = {
  NODE_ENV: 'the shop always runs as production on a server',
  HOST: 'only Caddy reaches the shop, on 127.0.0.1',
  PORT: 'Caddy must change with it: coop-shop install --domain ... --port N',
  TRUST_PROXY: 'the shop believes the shopper address from Caddy alone, on 127.0.0.1',
  DATA_DIR: 'the data folder is part of the layout; to move it, see docs/operations/going-live.md',
  PUBLIC_URL: 'Caddy must change with it: coop-shop install --domain NEW-DOMAIN --email ...',
};

const shown = (key: string, value: string) => (isSecret(key) ? `(hidden, ${value.length} characters)` : value);

/** coop-shop config list | get KEY | set KEY=VALUE ... | set KEY | unset KEY ... */
export async function config(context: OperationsContext, layout: ShopLayout, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const settings = readSettings(layout);
  if (settings.size === 0)
    throw new OperationFailed(`no settings file at ${layout.envFile}: run coop-shop install first`);
  if (action === 'list' || action === undefined) {
    for (const [key, value] of settings) context.out(`${key}=${shown(key, value)}`);
    return;
  }
  if (action === 'get') {
    if (rest.length !== 1) throw new OperationFailed('config get takes one setting: coop-shop config get PUBLIC_URL');
    const value = settings.get(rest[0]);
    context.out(
      value === undefined
        ? `${rest[0]} is not set (the shop uses its default: docs/settings.md)`
        : shown(rest[0], value),
    );
    return;
  }
  if (action !== 'set' && action !== 'unset')
    throw new OperationFailed(`config ${action ?? ''}: say list, get KEY, set KEY=VALUE or unset KEY`);
  if (rest.length === 0) throw new OperationFailed(`config ${action} needs at least one setting`);
  const changes = new Map<string, string | undefined>();
  for (const arg of rest) {
    const at = arg.indexOf('=');
    const key = at === -1 ? arg : arg.slice(0, at);
    if (!SETTING_NAME.test(key)) throw new OperationFailed(`${key} is not a setting name (capitals, digits and _)`);
    if (INSTALL_OWNS[key]) throw new OperationFailed(`${key} is set by install: ${INSTALL_OWNS[key]}.`);
    if (action === 'unset') {
      if (at !== -1) throw new OperationFailed(`config unset takes names only: coop-shop config unset ${key}`);
      changes.set(key, undefined);
      continue;
    }
    let value: string | undefined;
    if (at === -1) {
      value = await context.readLine(`${key} (not shown as you type): `);
      if (value === undefined) throw new OperationFailed(`no value for ${key} on standard input; nothing was changed`);
    } else {
      if (isSecret(key))
        throw new OperationFailed(
          `${key} holds a password or key: give it on standard input, not on the command line (where the process list and your shell's history would keep it):\n  coop-shop config set ${key}\nthen type or paste it. Nothing was changed.`,
        );
      value = arg.slice(at + 1);
    }
    if (/[\r\n]/.test(value)) throw new OperationFailed(`${key}: a value is one line`);
    changes.set(key, value);
  }

  const next: Settings = new Map(settings);
  for (const [key, value] of changes) {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  }
  const said = [...changes].map(([key, value]) =>
    value === undefined ? `${key} unset` : `${key}=${shown(key, value)}`,
  );
  if ([...changes].every(([key, value]) => settings.get(key) === value)) {
    context.out(`Already right: ${said.join(', ')}. Nothing was changed.`);
    return;
  }
  const check = checkSettings(next);
  if (!check.ok) {
    context.out(check.message);
    throw new OperationFailed('the shop would refuse these settings (above). Nothing was changed.');
  }

  const envStat = statSync(layout.envFile);
  const owner = { uid: envStat.uid, gid: envStat.gid };
  const before = readFileSync(layout.envFile, 'utf8');
  ensureFile(layout.envFile, { content: renderEnvFile(next), mode: 0o600, owner });
  const unitChanged = updateUnit(layout, next);
  if (unitChanged) await context.services.reloadUnits();
  context.out(`Set: ${said.join(', ')}.`);
  if (context.services.note) {
    context.out(`The shop was not restarted (${context.services.note}).`);
    return;
  }
  await context.services.restart(layout.service);
  const port = Number(next.get('PORT'));
  const answers = await waitForShop(
    port,
    context.healthTimeoutMs ?? 120_000,
    async () => (await context.services.state(layout.service)).active,
  );
  if (answers) {
    context.out('The shop restarted with it and answers.');
    return;
  }
  // The shop's check passed but the shop did not start with it (a provider refused a key at start, say):
  // the settings go back and the shop with them.
  ensureFile(layout.envFile, { content: before, mode: 0o600, owner });
  if (updateUnit(layout, settings)) await context.services.reloadUnits();
  await context.services.restart(layout.service);
  const back = await waitForShop(Number(settings.get('PORT')), context.healthTimeoutMs ?? 120_000);
  throw new OperationFailed(
    `the shop did not start with the new settings, so they were put back as they were${back ? ' and the shop answers again' : ', but the shop does not answer either: see coop-shop logs'}. What it said: coop-shop logs`,
  );
}

/** The service files follow the settings where they touch them (a BACKUP_DIR outside the data folder). */
function updateUnit(layout: ShopLayout, settings: Settings): boolean {
  const postgres = readFileSync(layout.unitFile, 'utf8').includes('postgresql.service');
  return writeUnits(layout, settings, { postgres });
}
