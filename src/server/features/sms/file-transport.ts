import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsTransport } from './transport';

/**
 * Without SMS_PROVIDER, each message is a small text file in DATA_DIR/sms-outbox: a header (To, Kind,
 * Id), a blank line, the text. Written under a temporary dot name then renamed, so a reader of the
 * folder never sees half a message; a resend after a crash writes a second file with the same Id.
 */
export function fileTransport(directory: string): SmsTransport {
  let ready: Promise<unknown> | null = null;
  return {
    mode: 'outbox',
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
