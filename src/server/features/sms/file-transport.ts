import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsTransport } from './transport';

/** The temporary name of a text being written: `.<time>-<id>.txt.tmp`. */
const HALF_WRITTEN = /^\.\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z-[0-9a-f-]+\.txt\.tmp$/;

/**
 * Without SMS_PROVIDER, each message is a small text file in DATA_DIR/sms-outbox: a header (To, Kind,
 * Id), a blank line, the text. Written under a temporary dot name then renamed, so a reader of the
 * folder never sees half a message; a resend after a crash writes a second file with the same Id.
 */
export function fileTransport(directory: string): SmsTransport {
  let ready: Promise<unknown> | null = null;
  return {
    mode: 'outbox',
    sweepAtStart: () => removeHalfWrittenTexts(directory, performance.timeOrigin),
    async send(message) {
      ready ??= mkdir(directory, { recursive: true });
      await ready;
      const stamp = new Date().toISOString().replace(/:/g, '');
      const name = `${stamp}-${message.id}.txt`;
      const temp = path.join(directory, `.${name}.tmp`);
      await writeFile(temp, `To: ${message.to}\nKind: ${message.kind}\nId: ${message.id}\n\n${message.text}\n`);
      await rename(temp, path.join(directory, name));
      return { ok: true, providerMessageId: name, cost: null };
    },
  };
}

export const smsOutboxFolder = (dataDir: string) => path.join(dataDir, 'sms-outbox');

/**
 * Removes the temporary files of texts a process was killed while writing (kill -9 between write and
 * rename). Only our temporary names, and only those last written before `startedAt` (this process's
 * start): a text this process is writing is never touched. A DATA_DIR is one instance's (README, Running
 * on several machines), so no other live process writes here; and a text's file lives for milliseconds,
 * so even one that did would have renamed it long before this runs. Answers the files removed.
 */
export async function removeHalfWrittenTexts(directory: string, startedAt: number): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names.filter((n) => HALF_WRITTEN.test(n))) {
    const file = path.join(directory, name);
    try {
      if ((await stat(file)).mtimeMs >= startedAt) continue;
      await unlink(file);
      removed.push(name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}
