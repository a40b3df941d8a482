CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"mobile" text NOT NULL,
	"network" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"pending_mobile" text,
	"pending_mobile_by" uuid,
	"pending_mobile_by_name" text,
	"pending_mobile_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_name_length" CHECK (char_length("members"."name") between 1 and 80),
	CONSTRAINT "members_role_length" CHECK (char_length("members"."role") <= 80),
	CONSTRAINT "members_mobile_form" CHECK ("members"."mobile" ~ '^\+260[0-9]{9}$'),
	CONSTRAINT "members_pending_mobile_form" CHECK ("members"."pending_mobile" ~ '^\+260[0-9]{9}$'),
	CONSTRAINT "members_network_known" CHECK ("members"."network" in ('mtn','airtel','zamtel'))
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" text NOT NULL,
	"trigger" text NOT NULL,
	"slot" text,
	"state" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" uuid,
	"proposed_by_name" text,
	"approved_by" uuid,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"cancelled_by_name" text,
	"cancel_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_runs_period_form" CHECK ("payout_runs"."period" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "payout_runs_trigger_known" CHECK ("payout_runs"."trigger" in ('schedule','admin')),
	CONSTRAINT "payout_runs_state_known" CHECK ("payout_runs"."state" in ('proposed','approved','cancelled')),
	CONSTRAINT "payout_runs_cancel_note_length" CHECK (char_length("payout_runs"."cancel_note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"mobile" text NOT NULL,
	"network" text NOT NULL,
	"route" text NOT NULL,
	"reference" uuid NOT NULL,
	"amount_ngwee" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'proposed' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"provider_transaction_id" text,
	"failure_reason" text,
	"send_count" integer DEFAULT 0 NOT NULL,
	"accepted_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"poll_count" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"resolved_by_name" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "payouts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payouts_route_known" CHECK ("payouts"."route" in ('mtn-transfer','airtel-disbursement','lenco-transfer','by-hand')),
	CONSTRAINT "payouts_state_known" CHECK ("payouts"."state" in ('proposed','approved','sent','successful','failed','cancelled')),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_ngwee" > 0),
	CONSTRAINT "payouts_network_known" CHECK ("payouts"."network" in ('mtn','airtel','zamtel'))
);
--> statement-breakpoint
CREATE TABLE "product_makers" (
	"product_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"parts" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "product_makers_product_id_member_id_pk" PRIMARY KEY("product_id","member_id"),
	CONSTRAINT "product_makers_parts_range" CHECK ("product_makers"."parts" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "share_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid,
	"member_id" uuid,
	"kind" text NOT NULL,
	"refund_id" uuid,
	"product_name" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_ngwee" integer NOT NULL,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_entries_key_unique" UNIQUE("key"),
	CONSTRAINT "share_entries_kind_known" CHECK ("share_entries"."kind" in ('sale','delivery','refund')),
	CONSTRAINT "share_entries_sign" CHECK (("share_entries"."kind" = 'refund' and "share_entries"."amount_ngwee" <= 0) or ("share_entries"."kind" <> 'refund' and "share_entries"."amount_ngwee" >= 0)),
	CONSTRAINT "share_entries_refund_named" CHECK (("share_entries"."kind" = 'refund') = ("share_entries"."refund_id" is not null)),
	CONSTRAINT "share_entries_fund_unpaid" CHECK ("share_entries"."member_id" is not null or "share_entries"."payout_id" is null)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "makers_percent" smallint;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_pending_mobile_by_users_id_fk" FOREIGN KEY ("pending_mobile_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_makers" ADD CONSTRAINT "product_makers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_makers" ADD CONSTRAINT "product_makers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_entries" ADD CONSTRAINT "share_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_entries" ADD CONSTRAINT "share_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_entries" ADD CONSTRAINT "share_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_entries" ADD CONSTRAINT "share_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_mobile_key" ON "members" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_slot_key" ON "payout_runs" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "payout_runs_created_idx" ON "payout_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_live_per_member" ON "payouts" USING btree ("member_id") WHERE "payouts"."state" in ('proposed','approved','sent');--> statement-breakpoint
CREATE INDEX "payouts_run_idx" ON "payouts" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "payouts_member_idx" ON "payouts" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("next_poll_at") WHERE "payouts"."state" in ('approved','sent');--> statement-breakpoint
CREATE INDEX "product_makers_member_idx" ON "product_makers" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "share_entries_order_idx" ON "share_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "share_entries_member_idx" ON "share_entries" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "share_entries_owed_idx" ON "share_entries" USING btree ("member_id") WHERE "share_entries"."payout_id" is null and "share_entries"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "share_entries_payout_idx" ON "share_entries" USING btree ("payout_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_makers_percent_range" CHECK ("products"."makers_percent" between 0 and 100);