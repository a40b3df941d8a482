-- At-least-once mail (decision 004): a claim holds until lease_until; past it the message is sent again,
-- with the same Message-ID.
ALTER TABLE "mail_messages" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
-- Messages an older version left 'uncertain' (interrupted while sending, never resent) go out again when
-- they are under three days old; older ones stay 'uncertain' for an admin, a late confirmation helps nobody.
UPDATE "mail_messages" SET "status" = 'pending', "last_error" = 'Interrupted while sending; sent again after the upgrade to at-least-once delivery'
WHERE "status" = 'uncertain' AND "created_at" > now() - interval '3 days';
