ALTER TABLE "payment_attempts" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "resolved_by_name" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "resolved_note" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_resolved_note_length" CHECK (char_length("payment_attempts"."resolved_note") <= 500);