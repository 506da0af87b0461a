-- The server whose PATCH holds a resumable upload, so a restarted server (or another one) takes over
-- the upload of a holder the database shows gone at once instead of waiting out its lease.
ALTER TABLE "resumable_uploads" ADD COLUMN "receiving_holder" text;
