import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config';
import { createMailTransport } from '../mail';
import { createSmsTransport } from '../sms';

export interface AlertRecipients {
  emails: string[];
  mobiles: string[];
}

/**
 * A mail and a text to the admins, through the shop's own mail server and SMS provider (or, without them,
 * into DATA_DIR/outbox and sms-outbox as the shop would). Answers what was sent, in plain words, and
 * never throws: an alert that cannot be sent is said, and the failure it is about is still recorded.
 */
export async function alertAdmins(
  config: AppConfig,
  to: AlertRecipients,
  message: { subject: string; text: string; sms: string },
): Promise<string[]> {
  const said: string[] = [];
  if (to.emails.length > 0) {
    const mail = createMailTransport(config);
    try {
      await mail.send(
        { from: config.mailFrom, to: to.emails, subject: message.subject, text: message.text },
        randomUUID(),
      );
      said.push(
        `mailed ${to.emails.join(', ')}${mail.mode === 'outbox' ? ' (no mail server set: kept in DATA_DIR/outbox)' : ''}`,
      );
    } catch (error) {
      said.push(`could not mail ${to.emails.join(', ')}: ${(error as Error).message}`);
    } finally {
      mail.close();
    }
  }
  const sms = createSmsTransport(config);
  for (const mobile of to.mobiles) {
    const sent = await sms
      .send({ id: randomUUID(), kind: 'backup-alert', to: mobile, text: message.sms })
      .catch((error: Error) => ({ ok: false as const, reason: error.message, retry: false }));
    said.push(
      sent.ok
        ? `texted ${mobile}${sms.mode === 'outbox' ? ' (no SMS provider set: kept in DATA_DIR/sms-outbox)' : ''}`
        : `could not text ${mobile}: ${sent.reason}`,
    );
  }
  if (said.length === 0) said.push('nobody to tell: no admin is known yet');
  return said;
}
