ALTER TABLE "album_photos" ADD COLUMN "original_crc32" bigint;--> statement-breakpoint
ALTER TABLE "album_photos" ADD COLUMN "display_crc32" bigint;