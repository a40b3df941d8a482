import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Test-only: a real SMTP server on loopback that keeps every message it accepts, parsed. */
export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface SmtpPeer {
  url: string;
  messages: ReceivedMail[];
  /** RCPT TO for these addresses is refused with 550. */
  rejectRecipients: Set<string>;
  /** Messages whose envelope or To header holds the address. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const rejectRecipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejectRecipients.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectRecipients,
    to: (address) =>
      messages.filter((m) => m.envelopeTo.includes(address) || addressesOf(m.parsed.to).includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? ''));
}
