CREATE TABLE "album_retired_codes" (
	"access_code" text PRIMARY KEY NOT NULL,
	"album_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "album_retired_codes" ADD CONSTRAINT "album_retired_codes_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "album_retired_codes_album_idx" ON "album_retired_codes" USING btree ("album_id");--> statement-breakpoint
-- A host may change an album's code (a leaked link, a card printed for the wrong table); the old
-- code is kept above so that whoever still holds it is told the code changed. A retired code is
-- treated as taken: an album given one, new or changing its code, is not written (the row is
-- skipped, as ON CONFLICT DO NOTHING skips a code another album holds) and its writer draws another.
CREATE FUNCTION momentos_skip_retired_access_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM album_retired_codes r WHERE r.access_code = NEW.access_code) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER albums_skip_retired_access_code BEFORE INSERT OR UPDATE OF access_code ON albums
  FOR EACH ROW EXECUTE FUNCTION momentos_skip_retired_access_code();
