import type { OperationsContext } from './context';
import { OperationFailed } from './host';
import type { ShopLayout } from './layout';
import { checkSettings } from './settings-check';
import { readSettings } from './settings-file';
import { backupChecks } from './doctor/backup-checks';
import type { DoctorFacts, Finding } from './doctor/check';
import { shopDomain } from './doctor/doctor';
import { diskCheck } from './doctor/machine-checks';
import type { MachineProbes } from './doctor/probes';
import { serviceCheck } from './doctor/service-check';

const MARK = { ok: '  ', warn: '! ', fail: 'X ' } as const;

/**
 * coop-shop status: the few lines a co-op member wants to see: is the shop up, are the backups made and
 * safe, is there room. Only what this server knows (no provider is asked): coop-shop doctor asks all.
 */
export async function status(context: OperationsContext, layout: ShopLayout, probes: MachineProbes): Promise<void> {
  const settings = readSettings(layout);
  if (settings.size === 0)
    throw new OperationFailed(`the shop is not installed here (no ${layout.envFile}): coop-shop install`);
  const check = checkSettings(settings);
  const facts: DoctorFacts = {
    context,
    layout,
    settings,
    config: check.ok ? check.config : undefined,
    domain: shopDomain(settings),
    probes,
  };
  context.out(`${settings.get('PUBLIC_URL')}`);
  const findings: Finding[] = [];
  for (const run of [serviceCheck, backupChecks, diskCheck]) {
    const found = await run(facts);
    findings.push(...(Array.isArray(found) ? found : [found]));
  }
  for (const finding of findings) context.out(`${MARK[finding.verdict]}${finding.text}`);
  context.out('');
  context.out('Everything, with what to do: coop-shop doctor    What the shop said lately: coop-shop logs');
}
