CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"code_hash" text NOT NULL,
	"address_key" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_codes_purpose_known" CHECK ("phone_codes"."purpose" in ('sign-in','add-number'))
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"secret" boolean DEFAULT false NOT NULL,
	"order_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"lease_until" timestamp with time zone,
	"provider_message_id" text,
	"cost" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_messages_status_known" CHECK ("sms_messages"."status" in ('pending','claimed','submitting','sent','failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_mobile_idx" ON "phone_codes" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_address_idx" ON "phone_codes" USING btree ("address_key","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_status_idx" ON "sms_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_order_idx" ON "sms_messages" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_can_sign_in" CHECK ("users"."email" is not null or "users"."mobile" is not null);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mobile_form" CHECK ("users"."mobile" ~ '^\+260[0-9]{9}$');