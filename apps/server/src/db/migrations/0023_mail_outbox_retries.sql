-- E-mail sent while the mail server was down was lost for good: one try, an error in the row, and a
-- digest's uploads already counted as told. The outbox now keeps delivering: a message is claimed
-- under a lease, retried with growing waits and given up after a day (platform/mailer/outbox.ts).
-- A digest holds its uploads and messages by e-mail id and counts them told only once it is sent.
ALTER TABLE "outbox_emails" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "album_photos" ADD COLUMN "notice_email_id" uuid;--> statement-breakpoint
ALTER TABLE "album_messages" ADD COLUMN "notice_email_id" uuid;--> statement-breakpoint
CREATE INDEX "outbox_emails_due_idx" ON "outbox_emails" USING btree ("next_attempt_at") WHERE "outbox_emails"."state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "album_photos_notice_email_idx" ON "album_photos" USING btree ("notice_email_id") WHERE "album_photos"."notice_email_id" is not null and "album_photos"."noticed_at" is null;--> statement-breakpoint
CREATE INDEX "album_messages_notice_email_idx" ON "album_messages" USING btree ("notice_email_id") WHERE "album_messages"."notice_email_id" is not null and "album_messages"."noticed_at" is null;--> statement-breakpoint
-- Rows from before: outbox-only messages were kept; SMTP ones either went or were lost (too old to send now).
UPDATE "outbox_emails" SET "state" = CASE
  WHEN "transport" = 'outbox' THEN 'kept'
  WHEN "sent_at" IS NOT NULL THEN 'sent'
  ELSE 'failed'
END;--> statement-breakpoint
-- The example album's owner is at a reserved domain (.invalid) no mail can reach: it gets no digest.
UPDATE "customizations" SET "enable_notices" = false
WHERE "user_id" IN (SELECT "id" FROM "users" WHERE lower("email") = 'album-de-ejemplo@momentos.invalid');
