import { z } from 'zod';
import { emailSchema, text } from './common';

export const MAX_BULK_RECIPIENTS = 500;

export const bulkEmailSchema = z
  .object({
    recipients: z
      .array(emailSchema, { error: 'recipients must be a list of e-mail addresses' })
      .min(1, 'Choose at least one recipient')
      .max(MAX_BULK_RECIPIENTS, `At most ${MAX_BULK_RECIPIENTS} recipients per message`),
    subject: text(200, 'subject'),
    message: text(20_000, 'message'),
  })
  .refine((m) => m.subject.length > 0 && m.message.length > 0, { message: 'Please fill in both subject and message' });

export const bulkEmailResultSchema = z.object({
  message: z.string(),
  batchId: z.string(),
  sent: z.number().int(),
  failed: z.number().int(),
  failedRecipients: z.array(z.string()),
});

export const contactMessageSchema = z.object({
  name: text(120, 'name').min(1, 'Name is required'),
  email: emailSchema,
  subject: text(200, 'subject').min(1, 'Subject is required'),
  message: text(5000, 'message').min(1, 'Message is required'),
});
