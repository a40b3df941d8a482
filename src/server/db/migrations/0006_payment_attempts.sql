CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"reference" uuid NOT NULL,
	"phone" text NOT NULL,
	"amount_ngwee" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'initiated' NOT NULL,
	"provider_transaction_id" text,
	"failure_reason" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"flag_note" text,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"poll_count" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payment_attempts_provider_known" CHECK ("payment_attempts"."provider" in ('mtn','airtel')),
	CONSTRAINT "payment_attempts_state_known" CHECK ("payment_attempts"."state" in ('initiated','pending','successful','failed','expired')),
	CONSTRAINT "payment_attempts_amount_positive" CHECK ("payment_attempts"."amount_ngwee" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_live_per_order" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."state" in ('initiated','pending');--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_due_idx" ON "payment_attempts" USING btree ("next_poll_at") WHERE "payment_attempts"."state" in ('initiated','pending');