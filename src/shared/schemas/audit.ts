import { z } from 'zod';
import { emptyToUndefined, limitQuery, pageQuery } from './common';

/** What an audit line is about: money, stock or people (a member: one of the co-op's makers, docs/decisions/065). */
export const AUDIT_SUBJECTS = [
  'product',
  'order',
  'payment',
  'user',
  'settings',
  'delivery',
  'discount',
  'member',
  'payout',
  'return',
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE_MAX = 100;

const momentMessage = (name: string) =>
  `${name} must be a date (2026-11-24) or a moment with its time zone (2026-11-24T08:00:00+02:00)`;

/** A whole day (in UTC) or an exact moment; the server turns it into a time. */
const moment = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: momentMessage(name) }).optional(),
  );

/** GET /audit (admin). */
export const auditListQuerySchema = z.object({
  action: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(60, 'action is too long')
      .regex(
        /^[a-z]+(\.[a-z-]*)?$/,
        'action must be an action (product.updated) or the start of one ending in a dot (product.)',
      )
      .optional()
      .describe('One action (order.cancelled), or every action starting with a prefix that ends in a dot (order.)'),
  ),
  subjectType: z.preprocess(
    emptyToUndefined,
    z.enum(AUDIT_SUBJECTS, { error: `subjectType must be one of ${AUDIT_SUBJECTS.join(', ')}` }).optional(),
  ),
  subjectId: z.preprocess(emptyToUndefined, z.string().max(64, 'subjectId is too long').optional()),
  actor: z.preprocess(emptyToUndefined, z.uuid({ error: 'actor must be the id of an admin' }).optional()),
  from: moment('from').describe('On or after: a date (that whole day, UTC) or a moment'),
  to: moment('to').describe('On or before: a date (that whole day, UTC) or a moment'),
  q: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() || undefined : v),
      z.string().max(100, 'q is too long (at most 100 characters)').optional(),
    )
    .describe('Words in the line (a product or customer name, an order number)'),
  page: pageQuery,
  limit: limitQuery(AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE_MAX),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

/** Only the fields that changed (and those naming the subject); money in ngwee (fields ending in Ngwee). */
const auditValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** The admin, by the name they had then (kept if the account is deleted later). */
  actor: z.object({ _id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  summary: z.string(),
  before: auditValuesSchema,
  after: auditValuesSchema,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditListSchema = z.object({
  events: z.array(auditEventSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type AuditList = z.infer<typeof auditListSchema>;
