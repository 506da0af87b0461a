-- Album sections (PRODUCT.md "Guestbook and sections"): named parts of an album a photo may belong to.
-- A photo's section is set to null when its section is deleted, so it falls back to the album's main
-- part; a resumable upload's too, so one finishing after the deletion lands in the main part. Sections
-- announce their album's changes like photos and messages (0012, 0016).
CREATE TABLE "album_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"album_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "album_sections_name_length" CHECK (char_length("album_sections"."name") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "album_photos" ADD COLUMN "section_id" uuid;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD COLUMN "section_id" uuid;--> statement-breakpoint
ALTER TABLE "album_sections" ADD CONSTRAINT "album_sections_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "album_sections_album_name_idx" ON "album_sections" USING btree ("album_id",lower("name"));--> statement-breakpoint
ALTER TABLE "album_photos" ADD CONSTRAINT "album_photos_section_id_album_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."album_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD CONSTRAINT "resumable_uploads_section_id_album_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."album_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "album_photos_album_section_uploaded_idx" ON "album_photos" USING btree ("album_id","section_id","uploaded_at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION momentos_album_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'albums' THEN
    PERFORM momentos_notify_album_changed(COALESCE(NEW.id, OLD.id));
  ELSIF TG_TABLE_NAME = 'customizations' THEN
    PERFORM momentos_notify_album_changed(a.id) FROM albums a WHERE a.customization_id = COALESCE(NEW.id, OLD.id);
  ELSIF TG_TABLE_NAME = 'itinerary_entries' THEN
    PERFORM momentos_notify_album_changed(a.id) FROM albums a WHERE a.customization_id = COALESCE(NEW.customization_id, OLD.customization_id);
  ELSIF TG_TABLE_NAME IN ('album_photos', 'album_guests', 'album_messages', 'album_sections') THEN
    PERFORM momentos_notify_album_changed(COALESCE(NEW.album_id, OLD.album_id));
  ELSE
    PERFORM momentos_notify_album_changed(p.album_id) FROM album_photos p WHERE p.id = COALESCE(NEW.photo_id, OLD.photo_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER album_sections_changed AFTER INSERT OR UPDATE OR DELETE ON album_sections FOR EACH ROW EXECUTE FUNCTION momentos_album_row_changed();
