CREATE TABLE "album_notice_digests" (
	"album_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumable_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"album_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"upload_length" bigint NOT NULL,
	"file_name" text NOT NULL,
	"uploader_name" text,
	"photo_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "album_photos" ADD COLUMN "kind" text DEFAULT 'photo' NOT NULL;--> statement-breakpoint
ALTER TABLE "album_photos" ADD COLUMN "noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "album_notice_digests" ADD CONSTRAINT "album_notice_digests_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD CONSTRAINT "resumable_uploads_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD CONSTRAINT "resumable_uploads_guest_id_album_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."album_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumable_uploads_expires_idx" ON "resumable_uploads" USING btree ("expires_at");--> statement-breakpoint
-- Uploads made before the digest existed are not news to anyone.
UPDATE "album_photos" SET "noticed_at" = "uploaded_at";
