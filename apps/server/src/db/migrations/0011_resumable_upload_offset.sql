ALTER TABLE "resumable_uploads" ADD COLUMN "offset" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD COLUMN "chunk_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD COLUMN "receiving_claim" uuid;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD COLUMN "receiving_until" timestamp with time zone;