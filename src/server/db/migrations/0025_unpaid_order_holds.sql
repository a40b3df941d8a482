ALTER TABLE "orders" ADD COLUMN "contact_mobile" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unpaid_hold_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unpaid_user_idx" ON "orders" USING btree ("user_id") WHERE not "orders"."is_paid" and "orders"."status" in ('Pending','Processing','Shipped');--> statement-breakpoint
CREATE INDEX "orders_unpaid_mobile_idx" ON "orders" USING btree ("contact_mobile") WHERE not "orders"."is_paid" and "orders"."status" in ('Pending','Processing','Shipped');--> statement-breakpoint
CREATE INDEX "orders_unpaid_hold_idx" ON "orders" USING btree ("unpaid_hold_until") WHERE "orders"."unpaid_hold_until" is not null and not "orders"."is_paid" and "orders"."status" = 'Pending';