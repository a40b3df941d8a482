DROP INDEX "payment_attempts_due_idx";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "late_reads_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_attempts_due_idx" ON "payment_attempts" USING btree ("next_poll_at") WHERE "payment_attempts"."state" in ('initiated','pending') or "payment_attempts"."late_reads_until" is not null;--> statement-breakpoint
-- Successes recorded before this migration were collected when they ended.
UPDATE "payment_attempts" SET "collected_at" = "ended_at" WHERE "state" = 'successful';--> statement-breakpoint
-- Attempts the shop ended in the last day (expired, or cancelled with their order) are read again for a late approval.
UPDATE "payment_attempts" SET "late_reads_until" = "ended_at" + interval '24 hours', "next_poll_at" = now()
  WHERE ("state" = 'expired' OR "failure_reason" = 'The order was cancelled') AND "ended_at" > now() - interval '24 hours';
