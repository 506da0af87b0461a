-- Every upload changed an album's rows, and its notice made every server forget the album's row and
-- its guests' passes as well as its pages, so under a wedding's load each upload read both again.
-- A change to an album's content (photos and videos, their likes and comments, messages, sections)
-- now says so: servers then forget only what is built from the content. A notice without a scope
-- still means that anything may have changed.
CREATE FUNCTION momentos_notify_album_content_changed(changed_album uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed_album IS NOT NULL THEN
    PERFORM pg_notify('momentos_album_live', json_build_object('albumChanged', changed_album, 'scope', 'content')::text);
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION momentos_album_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'albums' THEN
    PERFORM momentos_notify_album_changed(COALESCE(NEW.id, OLD.id));
  ELSIF TG_TABLE_NAME = 'customizations' THEN
    PERFORM momentos_notify_album_changed(a.id) FROM albums a WHERE a.customization_id = COALESCE(NEW.id, OLD.id);
  ELSIF TG_TABLE_NAME = 'itinerary_entries' THEN
    PERFORM momentos_notify_album_changed(a.id) FROM albums a WHERE a.customization_id = COALESCE(NEW.customization_id, OLD.customization_id);
  ELSIF TG_TABLE_NAME = 'album_guests' THEN
    PERFORM momentos_notify_album_changed(COALESCE(NEW.album_id, OLD.album_id));
  ELSIF TG_TABLE_NAME IN ('album_photos', 'album_messages', 'album_sections') THEN
    PERFORM momentos_notify_album_content_changed(COALESCE(NEW.album_id, OLD.album_id));
  ELSE
    PERFORM momentos_notify_album_content_changed(p.album_id) FROM album_photos p WHERE p.id = COALESCE(NEW.photo_id, OLD.photo_id);
  END IF;
  RETURN NULL;
END
$$;
