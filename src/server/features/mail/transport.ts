import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { AppConfig } from '../../config';

/** Where composed messages go: an SMTP server, or .eml files in DATA_DIR/outbox when no SMTP_URL is set. */
export interface MailTransport {
  readonly mode: 'smtp' | 'outbox';
  /** Resolves once the message is accepted (SMTP) or written (outbox); rejects otherwise. */
  send(message: SendMailOptions, id: string): Promise<void>;
  close(): void;
}

export function createMailTransport(config: AppConfig): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxTransport(path.join(config.dataDir, 'outbox'));
}

function smtpTransport(url: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    // Never send one message twice: a message whose connection drops mid-send is reported as failed
    // instead of being re-queued by the pool, since the server may already have accepted it.
    maxRequeues: 0,
    // Close idle connections before a typical server's own idle timeout closes them under us.
    idleTimeout: 30_000,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    mode: 'smtp',
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(directory: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<unknown> | null = null;
  return {
    mode: 'outbox',
    async send(message, id) {
      ready ??= mkdir(directory, { recursive: true });
      await ready;
      const info = await transporter.sendMail(message);
      const stamp = new Date().toISOString().replace(/:/g, '');
      const final = path.join(directory, `${stamp}-${id}.eml`);
      // Written under a temporary dot name then renamed, so a reader of the outbox never sees half a message.
      const temp = path.join(directory, `.${stamp}-${id}.eml.tmp`);
      await writeFile(temp, info.message as Buffer);
      await rename(temp, final);
    },
    close: () => transporter.close(),
  };
}

/**
 * An error text safe to store: SMTP replies never hold our password, but a connection error might
 * quote the URL, so its credentials are blanked out, and the text is kept short.
 */
export function describeFailure(error: unknown, smtpUrl?: string): string {
  let text = error instanceof Error ? error.message : String(error);
  if (smtpUrl) {
    try {
      const { username, password } = new URL(smtpUrl);
      for (const secret of [password, decodeURIComponent(password), username, decodeURIComponent(username)]) {
        if (secret) text = text.split(secret).join('***');
      }
    } catch {
      // An unparsable URL was refused at start; nothing to blank out.
    }
  }
  text = text.replace(/\/\/[^/@\s]+@/g, '//***@');
  return text.slice(0, 500) || 'Unknown error';
}

/** The domain of the From address, for Message-IDs that name this shop. */
export function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)/.exec(from);
  return match ? match[1] : 'coop-shop.local';
}
