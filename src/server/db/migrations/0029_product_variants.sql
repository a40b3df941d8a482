CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"option_values" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"sku" text NOT NULL,
	"size" text,
	"price_ngwee" integer NOT NULL,
	"count_in_stock" integer DEFAULT 0 NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"low_stock_reported_at" timestamp with time zone,
	CONSTRAINT "product_variants_price_nonnegative" CHECK ("product_variants"."price_ngwee" >= 0),
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."count_in_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "set_parts" (
	"set_product_id" uuid NOT NULL,
	"part_product_id" uuid NOT NULL,
	"part_variant_id" uuid,
	"quantity" smallint NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "set_parts_quantity_range" CHECK ("set_parts"."quantity" between 1 and 99),
	CONSTRAINT "set_parts_not_itself" CHECK ("set_parts"."set_product_id" <> "set_parts"."part_product_id")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_taken" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_set" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_from_ngwee" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" drop column "search_text";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || E'\n' || description || E'\n' || variant_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_parts" ADD CONSTRAINT "set_parts_set_product_id_products_id_fk" FOREIGN KEY ("set_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_parts" ADD CONSTRAINT "set_parts_part_product_id_products_id_fk" FOREIGN KEY ("part_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_parts" ADD CONSTRAINT "set_parts_part_variant_id_product_variants_id_fk" FOREIGN KEY ("part_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_lower_key" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_default_key" ON "product_variants" USING btree ("product_id") WHERE "product_variants"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_options_key" ON "product_variants" USING btree ("product_id","option_values");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "set_parts_part_key" ON "set_parts" USING btree ("set_product_id","part_product_id","part_variant_id");--> statement-breakpoint
CREATE INDEX "set_parts_part_product_idx" ON "set_parts" USING btree ("part_product_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;