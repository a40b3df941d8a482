import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { contactMessageSchema } from '../../../shared/schemas/mail';
import { textToHtml } from './escape-html';
import type { Outbox, OutgoingMail } from './outbox';

export interface BulkEmail {
  recipients: string[];
  subject: string;
  message: string;
}

/**
 * One message per recipient, each addressed to that recipient alone, all under one batch id. Every
 * message is recorded before anything is sent, so each one's outcome is known even after a crash.
 */
export async function sendBulkEmail(outbox: Outbox, { recipients, subject, message }: BulkEmail) {
  const batchId = randomUUID();
  const html = textToHtml(message);
  const ids = await outbox.queue(
    recipients.map((to) => ({ kind: 'bulk', to, subject, text: message, html })),
    batchId,
  );
  const { sent, failed } = await outbox.deliver(ids);
  const failedIds = new Set(failed);
  const failedRecipients = recipients.filter((_, i) => failedIds.has(ids[i]));
  return { batchId, sent: sent.length, failed: failed.length, failedRecipients };
}

export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** The cooperative's copy of a contact-form message; replying answers the visitor. */
export function contactNotification(contact: ContactMessage, shopEmail: string): OutgoingMail {
  const text = [
    'New message from the contact form of the shop.',
    '',
    `From: ${contact.name} <${contact.email}>`,
    `Subject: ${contact.subject}`,
    '',
    contact.message,
    '',
    `Reply to this e-mail to answer ${contact.name} directly.`,
  ].join('\n');
  return {
    kind: 'contact',
    to: shopEmail,
    subject: `Contact form: ${contact.subject}`,
    text,
    html: textToHtml(text),
    replyTo: { name: contact.name, address: contact.email },
  };
}
