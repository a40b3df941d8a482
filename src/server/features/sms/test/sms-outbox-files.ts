import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { smsOutboxFolder } from '../file-transport';

export interface SmsOutboxFile {
  /** The message's row id (the Id: header). */
  id: string;
  to: string;
  kind: string;
  text: string;
  file: string;
}

/** The text messages written to DATA_DIR/sms-outbox (no SMS_PROVIDER), oldest first. */
export async function readSmsOutbox(dataDir: string): Promise<SmsOutboxFile[]> {
  const folder = smsOutboxFolder(dataDir);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const files = names.filter((name) => name.endsWith('.txt') && !name.startsWith('.')).sort();
  return Promise.all(
    files.map(async (file) => {
      const content = await readFile(path.join(folder, file), 'utf8');
      const split = content.indexOf('\n\n');
      const header = Object.fromEntries(
        content
          .slice(0, split)
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
      );
      return {
        id: header.Id,
        to: header.To,
        kind: header.Kind,
        text: content.slice(split + 2).replace(/\n$/, ''),
        file,
      };
    }),
  );
}
