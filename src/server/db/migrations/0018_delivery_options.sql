CREATE TABLE "delivery_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"provinces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"towns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fee_ngwee" integer NOT NULL,
	"free_above_ngwee" integer,
	"estimate" text DEFAULT '' NOT NULL,
	"opening_hours" text DEFAULT '' NOT NULL,
	"directions" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_options_kind_known" CHECK ("delivery_options"."kind" in ('door','pickup','bus')),
	CONSTRAINT "delivery_options_fees_nonnegative" CHECK ("delivery_options"."fee_ngwee" >= 0 and coalesce("delivery_options"."free_above_ngwee", 0) >= 0),
	CONSTRAINT "delivery_options_name_present" CHECK (char_length("delivery_options"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_option_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_option_id_delivery_options_id_fk" FOREIGN KEY ("delivery_option_id") REFERENCES "public"."delivery_options"("id") ON DELETE set null ON UPDATE no action;