CREATE TABLE "statement_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"key" text NOT NULL,
	"note" text NOT NULL,
	"noted_by" uuid,
	"noted_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_notes_provider_known" CHECK ("statement_notes"."provider" in ('mtn','airtel')),
	CONSTRAINT "statement_notes_note_length" CHECK (char_length("statement_notes"."note") between 1 and 500),
	CONSTRAINT "statement_notes_key_length" CHECK (char_length("statement_notes"."key") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "statement_notes" ADD CONSTRAINT "statement_notes_noted_by_users_id_fk" FOREIGN KEY ("noted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_notes_provider_key" ON "statement_notes" USING btree ("provider","key");