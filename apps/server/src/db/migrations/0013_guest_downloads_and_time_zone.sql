ALTER TABLE "customizations" ADD COLUMN "enable_guest_downloads" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customizations" ADD COLUMN "time_zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Guests now see the itinerary, so a change to it must reach every server's guest cache like any
-- other change to the album.
CREATE OR REPLACE FUNCTION momentos_album_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'albums' THEN
    PERFORM momentos_notify_album_changed(COALESCE(NEW.id, OLD.id));
  ELSIF TG_TABLE_NAME = 'customizations' THEN
    PERFORM momentos_notify_album_changed(a.id) FROM albums a WHERE a.customization_id = COALESCE(NEW.id, OLD.id);
  ELSIF TG_TABLE_NAME = 'itinerary_entries' THEN
    PERFORM momentos_notify_album_changed(a.id) FROM albums a WHERE a.customization_id = COALESCE(NEW.customization_id, OLD.customization_id);
  ELSIF TG_TABLE_NAME IN ('album_photos', 'album_guests') THEN
    PERFORM momentos_notify_album_changed(COALESCE(NEW.album_id, OLD.album_id));
  ELSE
    PERFORM momentos_notify_album_changed(p.album_id) FROM album_photos p WHERE p.id = COALESCE(NEW.photo_id, OLD.photo_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER itinerary_entries_changed AFTER INSERT OR UPDATE OR DELETE ON itinerary_entries FOR EACH ROW EXECUTE FUNCTION momentos_album_row_changed();
