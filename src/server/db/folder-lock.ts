import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

export class DatabaseInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${folder} is in use by process ${pid} (probably the running shop server). ` +
        'It can be opened by one process at a time: stop that process first, or use a real PostgreSQL (DATABASE_URL) to run several.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite lets a second process open the same folder without complaint, and two writers damage it. A lock
 * file holding our process id keeps a second opener out; one left by a process that died is taken over.
 * Answers the release function.
 */
export function lockDatabaseFolder(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(lockFile, 'utf8') === String(process.pid)) unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseInUseError(folder, holder);
      }
      unlinkSync(lockFile); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${folder}`);
}
