ALTER TABLE "payouts" ADD COLUMN "sent_by_hand_by_name" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_note_length" CHECK (char_length("payouts"."note") <= 500);