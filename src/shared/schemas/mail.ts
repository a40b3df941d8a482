import { z } from 'zod';
import { emailSchema, text } from './common';

export const MAX_BULK_RECIPIENTS = 500;
export const CONTACT_MESSAGES_PER_WINDOW = 5;
export const CONTACT_WINDOW_MINUTES = 10;

const BOTH_REQUIRED = 'Please fill in both subject and message';

/** Missing, non-text and blank-after-trimming all get the spec's one message. */
const requiredText = (max: number, label: string) =>
  z
    .string({ error: BOTH_REQUIRED })
    .trim()
    .min(1, BOTH_REQUIRED)
    .max(max, `${label} is too long (at most ${max} characters)`);

export const bulkEmailSchema = z.object({
  recipients: z
    .array(emailSchema, { error: 'recipients must be a list of e-mail addresses' })
    .min(1, 'Choose at least one recipient')
    .max(MAX_BULK_RECIPIENTS, `At most ${MAX_BULK_RECIPIENTS} recipients per message`)
    // emailSchema lowercases, so this drops case-insensitive duplicates: one message per person.
    .transform((list) => [...new Set(list)]),
  subject: requiredText(200, 'subject'),
  message: requiredText(20_000, 'message'),
});
/** z.input: the server drops repeated recipients itself. */
export type BulkEmailInput = z.input<typeof bulkEmailSchema>;

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
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
