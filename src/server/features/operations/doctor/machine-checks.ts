import { fail, ok, warn, type Check } from './check';

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const size = (bytes: number) => (bytes >= GB ? `${(bytes / GB).toFixed(1)} GB` : `${Math.round(bytes / MB)} MB`);

/** Backups, images and the database grow here; a full disk stops orders. */
export const diskCheck: Check = async ({ layout, probes }) => {
  const { freeBytes, totalBytes } = probes.disk(layout.dataDir);
  const said = `Disk: ${size(freeBytes)} free of ${size(totalBytes)}`;
  if (freeBytes < 500 * MB)
    return fail(
      `${said}. The shop stops taking orders when it is full: delete old files, lower BACKUP_KEEP, or move to a bigger server (going-live.md, "Moving to a bigger server").`,
    );
  if (freeBytes < 2 * GB || freeBytes < totalBytes * 0.1)
    return warn(
      `${said}. Plan for more room soon: lower BACKUP_KEEP (coop-shop config set BACKUP_KEEP=7) or a bigger disk.`,
    );
  return ok(`${said}.`);
};

export const memoryCheck: Check = async ({ probes }) => {
  const { availableBytes, totalBytes } = probes.memory();
  const said = `Memory: ${size(availableBytes)} free of ${size(totalBytes)}`;
  if (availableBytes < 100 * MB)
    return warn(
      `${said}. The shop may be stopped and restarted when memory runs out: a server with 2 GB is the cure (going-live.md, "Moving to a bigger server").`,
    );
  return ok(`${said}.`);
};

/** Certificates, provider tokens and signed links all need the right time. */
export const clockCheck: Check = async ({ probes }) => {
  const clock = await probes.clock();
  if (clock.synchronised === true) return ok('Clock: kept right by the time service.');
  if (clock.synchronised === false)
    return fail(
      'Clock: not synchronised. Payments and HTTPS need the right time: run timedatectl set-ntp true, then check again.',
    );
  if (clock.offsetSeconds !== undefined) {
    const off = Math.abs(clock.offsetSeconds);
    if (off > 60)
      return fail(
        `Clock: ${off} seconds ${clock.offsetSeconds > 0 ? 'fast' : 'slow'}. Run timedatectl set-ntp true (or ask your host to keep the time), then check again.`,
      );
    return ok(`Clock: within ${Math.max(1, off)} s of the internet's time.`);
  }
  return warn(
    'Clock: could not tell whether it is right (no time service answered). Ask your host whether the server keeps the time.',
  );
};
