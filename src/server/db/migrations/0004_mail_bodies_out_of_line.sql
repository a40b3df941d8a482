-- A message's bodies are kept out of its row, uncompressed (decision 008): the row is then a few hundred
-- bytes, so marking it 'sending' and 'sent' copies that instead of the whole message each time. Applies
-- to rows written from now on.
ALTER TABLE "mail_messages" ALTER COLUMN "text_body" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "mail_messages" ALTER COLUMN "html_body" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "mail_messages" SET (toast_tuple_target = 128);
