import type { OperationsContext } from '../context';
import type { ShopLayout } from '../layout';
import { checkSettings } from '../settings-check';
import { readSettings } from '../settings-file';
import { OperationFailed } from '../host';
import { backupChecks } from './backup-checks';
import { fail, type Check, type DoctorFacts, type Finding } from './check';
import { certificateCheck, domainCheck } from './domain-check';
import { clockCheck, diskCheck, memoryCheck } from './machine-checks';
import type { MachineProbes } from './probes';
import { providerChecks } from './provider-checks';
import { serviceCheck } from './service-check';

/** In the order a person would fix them: the shop itself, its address, the machine, backups, providers. */
const CHECKS: Check[] = [
  serviceCheck,
  domainCheck,
  certificateCheck,
  diskCheck,
  memoryCheck,
  clockCheck,
  backupChecks,
  providerChecks,
];

const LABEL = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' } as const;

/** The domain the shop answers on, from its PUBLIC_URL. */
export function shopDomain(settings: Map<string, string>): string {
  const url = settings.get('PUBLIC_URL');
  if (!url) throw new OperationFailed('the settings have no PUBLIC_URL: run coop-shop install first');
  return new URL(url).hostname;
}

/** Every check, one line each; answers the findings (the command exits non-zero when one is a problem). */
export async function runChecks(
  context: OperationsContext,
  layout: ShopLayout,
  probes: MachineProbes,
): Promise<Finding[]> {
  const settings = readSettings(layout);
  if (settings.size === 0)
    throw new OperationFailed(`no settings file at ${layout.envFile}: run coop-shop install first`);
  const check = checkSettings(settings);
  const facts: DoctorFacts = {
    context,
    layout,
    settings,
    config: check.ok ? check.config : undefined,
    domain: shopDomain(settings),
    probes,
  };
  const findings: Finding[] = check.ok
    ? []
    : [
        fail(
          `Settings: the shop refuses them (${check.message.replace(/\s*\n\s*/g, ' ')}). Fix with coop-shop config set KEY=VALUE`,
        ),
      ];
  for (const run of CHECKS) {
    try {
      const found = await run(facts);
      findings.push(...(Array.isArray(found) ? found : [found]));
    } catch (error) {
      findings.push(fail(`A check could not run: ${(error as Error).message}`));
    }
  }
  return findings;
}

export async function doctor(context: OperationsContext, layout: ShopLayout, probes: MachineProbes): Promise<number> {
  const settings = readSettings(layout);
  context.out(`coop-shop doctor: ${settings.get('PUBLIC_URL') ?? 'the shop'}`);
  context.out('');
  const findings = await runChecks(context, layout, probes);
  for (const finding of findings) context.out(`  ${LABEL[finding.verdict]}  ${finding.text}`);
  const problems = findings.filter((f) => f.verdict === 'fail').length;
  const warnings = findings.filter((f) => f.verdict === 'warn').length;
  context.out('');
  context.out(
    problems + warnings === 0
      ? 'All is well.'
      : `${problems} problem${problems === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}: each line says what to do.`,
  );
  return problems > 0 ? 1 : 0;
}
