CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"slot" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"file" text,
	"bytes" bigint,
	"rows" integer,
	"images" integer,
	"error" text,
	"instance" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_slot_key" ON "backup_runs" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs" USING btree ("started_at");