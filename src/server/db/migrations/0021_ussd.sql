CREATE TABLE "ussd_callers" (
	"mobile" text PRIMARY KEY NOT NULL,
	"language" text,
	"draft" jsonb,
	"draft_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ussd_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"state" jsonb NOT NULL,
	"answer" text NOT NULL,
	"order_id" uuid,
	"prompt_due_at" timestamp with time zone,
	"prompt_taken_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ussd_translations" (
	"language" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ussd_translations_language_key_pk" PRIMARY KEY("language","key"),
	CONSTRAINT "ussd_translations_language_known" CHECK ("ussd_translations"."language" in ('toi','nya','bem'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "ussd_sessions" ADD CONSTRAINT "ussd_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ussd_sessions_mobile_idx" ON "ussd_sessions" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "ussd_sessions_prompt_due_idx" ON "ussd_sessions" USING btree ("prompt_due_at") WHERE "ussd_sessions"."prompt_due_at" is not null and "ussd_sessions"."prompt_taken_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_known" CHECK ("orders"."channel" in ('web','ussd'));