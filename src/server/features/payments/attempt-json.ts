import { z } from 'zod';
import { toKwacha } from '../../../shared/money';
import type { AttemptRow } from './queries';

/** One payment attempt as the API shows it (the web step may move this schema to src/shared/schemas). */
export const attemptJsonSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  provider: z.enum(['mtn', 'airtel']),
  reference: z.string(),
  phone: z.string(),
  amount: z.number(),
  amountNgwee: z.number().int(),
  currency: z.string(),
  state: z.enum(['initiated', 'pending', 'successful', 'failed', 'expired']),
  providerTransactionId: z.string().nullable(),
  failureReason: z.string().nullable(),
  flagged: z.boolean(),
  flagNote: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type AttemptJson = z.infer<typeof attemptJsonSchema>;

export function toAttemptJson(row: AttemptRow): AttemptJson {
  return {
    _id: row.id,
    orderId: row.orderId,
    provider: row.provider as AttemptJson['provider'],
    reference: row.reference,
    phone: row.phone,
    amount: toKwacha(row.amountNgwee),
    amountNgwee: row.amountNgwee,
    currency: row.currency,
    state: row.state as AttemptJson['state'],
    providerTransactionId: row.providerTransactionId,
    failureReason: row.failureReason,
    flagged: row.flagged,
    flagNote: row.flagNote,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}
