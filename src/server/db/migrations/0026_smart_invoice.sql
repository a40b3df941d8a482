CREATE TABLE "fiscal_devices" (
	"device" text PRIMARY KEY NOT NULL,
	"sdc_id" text,
	"mrc_no" text,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_item_classes" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" integer,
	"tax_type" text,
	"in_use" boolean DEFAULT true NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_items" (
	"device" text NOT NULL,
	"item_cd" text NOT NULL,
	"product_id" uuid,
	"item_cls_cd" text,
	"registered_cls_cd" text,
	"registered_name" text,
	"registered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_items_device_item_cd_pk" PRIMARY KEY("device","item_cd")
);
--> statement-breakpoint
CREATE TABLE "fiscal_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fiscal_submissions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"parent_id" uuid,
	"invoice_no" text NOT NULL,
	"lines" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"result_cd" text,
	"last_error" text,
	"next_try_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"request" jsonb,
	"rcpt_no" integer,
	"tot_rcpt_no" integer,
	"intrl_data" text,
	"rcpt_sign" text,
	"sdc_id" text,
	"mrc_no" text,
	"vsdc_date" text,
	"qr_code_url" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_submissions_kind_known" CHECK ("fiscal_submissions"."kind" in ('sale','credit-note','stock')),
	CONSTRAINT "fiscal_submissions_status_known" CHECK ("fiscal_submissions"."status" in ('pending','sending','done','failed'))
);
--> statement-breakpoint
ALTER TABLE "fiscal_items" ADD CONSTRAINT "fiscal_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_submissions" ADD CONSTRAINT "fiscal_submissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_submissions" ADD CONSTRAINT "fiscal_submissions_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiscal_items_product_idx" ON "fiscal_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_submissions_invoice_key" ON "fiscal_submissions" USING btree ("device","invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_submissions_seq_key" ON "fiscal_submissions" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "fiscal_submissions_due_idx" ON "fiscal_submissions" USING btree ("device","seq") WHERE "fiscal_submissions"."status" in ('pending','sending');--> statement-breakpoint
CREATE INDEX "fiscal_submissions_order_idx" ON "fiscal_submissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fiscal_submissions_sign_idx" ON "fiscal_submissions" USING btree ("rcpt_sign") WHERE "fiscal_submissions"."rcpt_sign" is not null;--> statement-breakpoint
CREATE INDEX "fiscal_submissions_failed_idx" ON "fiscal_submissions" USING btree ("created_at") WHERE "fiscal_submissions"."status" = 'failed';