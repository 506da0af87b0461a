ALTER TABLE "album_messages" ADD COLUMN "voice_bytes" integer;--> statement-breakpoint
ALTER TABLE "album_messages" ADD COLUMN "voice_crc32" bigint;