CREATE TABLE "return_exchange_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"name" text NOT NULL,
	"variant_label" text,
	"quantity" integer NOT NULL,
	"unit_price_ngwee" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "return_exchange_lines_quantity_positive" CHECK ("return_exchange_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"share_ngwee" integer NOT NULL,
	"restocked" integer DEFAULT 0 NOT NULL,
	"written_off" integer DEFAULT 0 NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0),
	CONSTRAINT "return_lines_received_within" CHECK ("return_lines"."restocked" >= 0 and "return_lines"."written_off" >= 0 and "return_lines"."restocked" + "return_lines"."written_off" <= "return_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "returns_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"photo_id" uuid,
	"unopened" boolean DEFAULT false NOT NULL,
	"worth_ngwee" integer NOT NULL,
	"delivery_ngwee" integer DEFAULT 0 NOT NULL,
	"amount_ngwee" integer NOT NULL,
	"where_kind" text NOT NULL,
	"where_text" text NOT NULL,
	"refusal_reason" text,
	"refund_id" uuid,
	"replacement_order_id" uuid,
	"difference_ngwee" integer,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_state_known" CHECK ("returns"."state" in ('requested','accepted','received','refunded','exchanged','refused')),
	CONSTRAINT "returns_outcome_known" CHECK ("returns"."outcome" in ('refund','exchange')),
	CONSTRAINT "returns_reason_known" CHECK ("returns"."reason" in ('damaged','wrong-item','not-as-described','changed-mind')),
	CONSTRAINT "returns_where_known" CHECK ("returns"."where_kind" in ('pickup','courier')),
	CONSTRAINT "returns_channel_known" CHECK ("returns"."channel" in ('web','link','ussd','admin')),
	CONSTRAINT "returns_amounts_nonnegative" CHECK ("returns"."worth_ngwee" >= 0 and "returns"."delivery_ngwee" >= 0 and "returns"."amount_ngwee" between 0 and "returns"."worth_ngwee")
);
--> statement-breakpoint
ALTER TABLE "return_exchange_lines" ADD CONSTRAINT "return_exchange_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_exchange_lines" ADD CONSTRAINT "return_exchange_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_exchange_lines" ADD CONSTRAINT "return_exchange_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_steps" ADD CONSTRAINT "return_steps_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_photo_id_return_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."return_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_replacement_order_id_orders_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_exchange_lines_return_idx" ON "return_exchange_lines" USING btree ("return_id","position");--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id","position");--> statement-breakpoint
CREATE INDEX "return_lines_item_idx" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_photos_order_idx" ON "return_photos" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_steps_return_idx" ON "return_steps" USING btree ("return_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_number_key" ON "returns" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_refund_key" ON "returns" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_state_created_idx" ON "returns" USING btree ("state","created_at");