ALTER TABLE "orders" ADD COLUMN "marked_paid_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "marked_paid_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "marked_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "marked_paid_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_marked_paid_by_users_id_fk" FOREIGN KEY ("marked_paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_created_idx" ON "payment_attempts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_marked_paid_note_length" CHECK (char_length("orders"."marked_paid_note") <= 500);--> statement-breakpoint
-- Marks made before these columns: the admin was kept as payment_result.recordedBy; no reason was asked then.
UPDATE "orders" o SET "marked_paid_by" = u."id", "marked_paid_by_name" = u."name", "marked_paid_at" = o."paid_at"
FROM "users" u
WHERE o."is_paid" AND o."marked_paid_by" IS NULL AND u."id"::text = o."payment_result"->>'recordedBy';
