-- Voice notes get an AAC (.m4a) copy made by the job queue (modules/guestbook/voice-note-copies.ts):
-- a media job names a video (photo_id) or a guestbook message (message_id), exactly one of them.
-- Notes stored before this are queued by the guestbook's start-up sweep, not here, so a note an
-- older server stores during a rolling deploy is found as well.
ALTER TABLE "media_jobs" ALTER COLUMN "photo_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "album_messages" ADD COLUMN "voice_copy_key" text;--> statement-breakpoint
ALTER TABLE "album_messages" ADD COLUMN "voice_copy_bytes" integer;--> statement-breakpoint
ALTER TABLE "album_messages" ADD COLUMN "voice_copy_crc32" bigint;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_message_id_album_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."album_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_jobs_message_kind_idx" ON "media_jobs" USING btree ("message_id","kind");--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_one_subject" CHECK (num_nonnulls("media_jobs"."photo_id", "media_jobs"."message_id") = 1);