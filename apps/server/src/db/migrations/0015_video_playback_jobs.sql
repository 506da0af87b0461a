-- Videos get a playback copy (H.264/AAC MP4) made by a background job kept in the database
-- (platform/jobs/job-queue.ts). Videos stored before this get a queued job too, so every album's
-- existing clips become playable on every phone once a worker runs.
CREATE TABLE "media_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"photo_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_token" uuid,
	"leased_by" text,
	"heartbeat_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "album_photos" ADD COLUMN "playback_state" text;--> statement-breakpoint
ALTER TABLE "album_photos" ADD COLUMN "playback_failure" text;--> statement-breakpoint
ALTER TABLE "album_photos" ADD COLUMN "playback_key" text;--> statement-breakpoint
ALTER TABLE "album_photos" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_photo_id_album_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."album_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_jobs_photo_kind_idx" ON "media_jobs" USING btree ("photo_id","kind");--> statement-breakpoint
CREATE INDEX "media_jobs_due_idx" ON "media_jobs" USING btree ("state","run_after");--> statement-breakpoint
UPDATE "album_photos" SET "playback_state" = 'processing' WHERE "kind" = 'video';--> statement-breakpoint
INSERT INTO "media_jobs" ("photo_id", "kind") SELECT "id", 'video-playback' FROM "album_photos" WHERE "kind" = 'video';
