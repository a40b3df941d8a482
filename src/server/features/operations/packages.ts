import { mustRun, OperationFailed, type Host } from './host';
import { alreadyRight, changed, type Step } from './steps';

export async function packageInstalled(host: Host, name: string): Promise<boolean> {
  const result = await host.run('dpkg-query', ['--show', '--showformat=${Status}', name]);
  return result.code === 0 && result.stdout.includes('install ok installed');
}

/**
 * Packages from the distribution's own archive (Debian 12: caddy 2.6, postgresql 15), no third-party
 * source. A staging root installs nothing on the machine: it only says what is missing.
 */
export function packagesStep(host: Host, names: string[], staged: boolean): Step {
  return {
    what: `the packages ${names.join(', ')}`,
    async run() {
      const missing: string[] = [];
      for (const name of names) if (!(await packageInstalled(host, name))) missing.push(name);
      if (missing.length === 0) return alreadyRight(`${names.join(' and ')} installed from the distribution`);
      if (staged)
        throw new OperationFailed(
          `${missing.join(', ')} not installed on this machine: apt-get install -y ${missing.join(' ')}`,
        );
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      await mustRun(host, 'apt-get', ['update', '-qq'], { env, timeoutMs: 10 * 60_000 });
      await mustRun(host, 'apt-get', ['install', '-y', '-qq', ...missing], { env, timeoutMs: 20 * 60_000 });
      return changed(`${missing.join(' and ')} installed from the distribution`);
    },
  };
}
