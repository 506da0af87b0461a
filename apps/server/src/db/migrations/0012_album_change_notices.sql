-- Every server caches what guests read most (an album, its photo pages) and must hear at once when
-- any server changes it. The database announces each change itself, on the channel the servers
-- already share for live updates, so no code path that writes can forget to: the notice is sent
-- when the writing transaction commits, before any later notice on that channel.
CREATE FUNCTION momentos_notify_album_changed(changed_album uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed_album IS NOT NULL THEN
    PERFORM pg_notify('momentos_album_live', json_build_object('albumChanged', changed_album)::text);
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION momentos_album_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'albums' THEN
    PERFORM momentos_notify_album_changed(COALESCE(NEW.id, OLD.id));
  ELSIF TG_TABLE_NAME = 'customizations' THEN
    PERFORM momentos_notify_album_changed(a.id) FROM albums a WHERE a.customization_id = COALESCE(NEW.id, OLD.id);
  ELSIF TG_TABLE_NAME IN ('album_photos', 'album_guests') THEN
    PERFORM momentos_notify_album_changed(COALESCE(NEW.album_id, OLD.album_id));
  ELSE
    PERFORM momentos_notify_album_changed(p.album_id) FROM album_photos p WHERE p.id = COALESCE(NEW.photo_id, OLD.photo_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER albums_changed AFTER UPDATE OR DELETE ON albums FOR EACH ROW EXECUTE FUNCTION momentos_album_row_changed();
--> statement-breakpoint
CREATE TRIGGER customizations_changed AFTER UPDATE ON customizations FOR EACH ROW EXECUTE FUNCTION momentos_album_row_changed();
--> statement-breakpoint
CREATE TRIGGER album_photos_changed AFTER INSERT OR UPDATE OR DELETE ON album_photos FOR EACH ROW EXECUTE FUNCTION momentos_album_row_changed();
--> statement-breakpoint
CREATE TRIGGER album_guests_changed AFTER UPDATE OR DELETE ON album_guests FOR EACH ROW EXECUTE FUNCTION momentos_album_row_changed();
--> statement-breakpoint
CREATE TRIGGER photo_likes_changed AFTER INSERT OR UPDATE OR DELETE ON photo_likes FOR EACH ROW EXECUTE FUNCTION momentos_album_row_changed();
--> statement-breakpoint
CREATE TRIGGER photo_comments_changed AFTER INSERT OR UPDATE OR DELETE ON photo_comments FOR EACH ROW EXECUTE FUNCTION momentos_album_row_changed();
