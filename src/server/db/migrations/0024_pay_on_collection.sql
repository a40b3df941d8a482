ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_known";--> statement-breakpoint
ALTER TABLE "delivery_options" ADD COLUMN "pay_on_collection" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_options" ADD CONSTRAINT "delivery_options_pay_on_collection_pickup" CHECK (not "delivery_options"."pay_on_collection" or "delivery_options"."kind" = 'pickup');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" in ('airtel','mtn','zamtel','creditCard','collection'));