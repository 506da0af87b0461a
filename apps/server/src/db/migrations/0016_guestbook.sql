-- The guestbook (PRODUCT.md "Guestbook and sections"): guests' messages to the hosts, and the host's
-- switch that lets guests read them. The plan's new capacities (messages, sections, voice notes) are
-- written into every existing album's frozen snapshot from its tier, as buildPackageSnapshot does for
-- new ones (package-snapshot.ts), and messages announce their album's changes like photos (0012).
CREATE TABLE "album_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"album_id" uuid NOT NULL,
	"guest_id" uuid,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"voice_key" text,
	"voice_mime" text,
	"voice_duration_ms" integer,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"noticed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customizations" ADD COLUMN "enable_public_guestbook" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "album_messages" ADD CONSTRAINT "album_messages_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_messages" ADD CONSTRAINT "album_messages_guest_id_album_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."album_guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "album_messages_album_created_idx" ON "album_messages" USING btree ("album_id","created_at");
--> statement-breakpoint
UPDATE "albums" SET "package_snapshot" = "package_snapshot" || jsonb_build_object(
  'messageLimit', CASE "package_snapshot"->>'tier' WHEN 'basic' THEN 100 WHEN 'plus' THEN 300 WHEN 'premium' THEN 1000 END,
  'sectionLimit', CASE "package_snapshot"->>'tier' WHEN 'basic' THEN 1 WHEN 'plus' THEN 3 WHEN 'premium' THEN 6 ELSE 12 END,
  'voiceNotes', "package_snapshot"->>'tier' IN ('plus', 'premium', 'elite')
) WHERE "package_snapshot"->'messageLimit' IS NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION momentos_album_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'albums' THEN
    PERFORM momentos_notify_album_changed(COALESCE(NEW.id, OLD.id));
  ELSIF TG_TABLE_NAME = 'customizations' THEN
    PERFORM momentos_notify_album_changed(a.id) FROM albums a WHERE a.customization_id = COALESCE(NEW.id, OLD.id);
  ELSIF TG_TABLE_NAME = 'itinerary_entries' THEN
    PERFORM momentos_notify_album_changed(a.id) FROM albums a WHERE a.customization_id = COALESCE(NEW.customization_id, OLD.customization_id);
  ELSIF TG_TABLE_NAME IN ('album_photos', 'album_guests', 'album_messages') THEN
    PERFORM momentos_notify_album_changed(COALESCE(NEW.album_id, OLD.album_id));
  ELSE
    PERFORM momentos_notify_album_changed(p.album_id) FROM album_photos p WHERE p.id = COALESCE(NEW.photo_id, OLD.photo_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER album_messages_changed AFTER INSERT OR UPDATE OR DELETE ON album_messages FOR EACH ROW EXECUTE FUNCTION momentos_album_row_changed();
