CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt_id" uuid,
	"route" text NOT NULL,
	"reference" uuid NOT NULL,
	"phone" text,
	"amount_ngwee" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"requested_by" uuid,
	"requested_by_name" text NOT NULL,
	"approved_by" uuid,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"cancelled_by_name" text,
	"cancel_note" text,
	"provider_transaction_id" text,
	"failure_reason" text,
	"send_count" integer DEFAULT 0 NOT NULL,
	"accepted_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"poll_count" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "refunds_reference_unique" UNIQUE("reference"),
	CONSTRAINT "refunds_route_known" CHECK ("refunds"."route" in ('mtn-refund','airtel-disbursement','airtel-refund','by-hand')),
	CONSTRAINT "refunds_state_known" CHECK ("refunds"."state" in ('requested','approved','sent','successful','failed','cancelled')),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_ngwee" > 0),
	CONSTRAINT "refunds_reason_length" CHECK (char_length("refunds"."reason") between 1 and 500),
	CONSTRAINT "refunds_cancel_note_length" CHECK (char_length("refunds"."cancel_note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_attempt_idx" ON "refunds" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_poll_at") WHERE "refunds"."state" in ('approved','sent');--> statement-breakpoint
CREATE INDEX "refunds_ended_idx" ON "refunds" USING btree ("ended_at") WHERE "refunds"."state" = 'successful';