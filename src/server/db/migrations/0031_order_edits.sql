CREATE TABLE "order_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"edited_by" uuid,
	"edited_by_name" text NOT NULL,
	"note" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"difference_ngwee" integer NOT NULL,
	"balance_due_ngwee" integer DEFAULT 0 NOT NULL,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_edits_note_length" CHECK (char_length("order_edits"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_due_ngwee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_by_hand_ngwee" integer;--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_edits_order_idx" ON "order_edits" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_balance_due_nonnegative" CHECK ("orders"."balance_due_ngwee" >= 0 and "orders"."collected_by_hand_ngwee" >= 0);