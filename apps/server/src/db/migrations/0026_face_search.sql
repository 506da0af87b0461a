CREATE TABLE "face_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"album_id" uuid NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_face_queries" (
	"guest_id" uuid PRIMARY KEY NOT NULL,
	"album_id" uuid NOT NULL,
	"descriptor" "bytea" NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_faces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"album_id" uuid NOT NULL,
	"photo_id" uuid NOT NULL,
	"person_id" uuid,
	"box_x" real NOT NULL,
	"box_y" real NOT NULL,
	"box_width" real NOT NULL,
	"box_height" real NOT NULL,
	"score" real NOT NULL,
	"descriptor" "bytea" NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customizations" ADD COLUMN "enable_face_search" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "face_people" ADD CONSTRAINT "face_people_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_face_queries" ADD CONSTRAINT "guest_face_queries_guest_id_album_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."album_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_face_queries" ADD CONSTRAINT "guest_face_queries_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_photo_id_album_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."album_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_person_id_face_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."face_people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_people_album_idx" ON "face_people" USING btree ("album_id");--> statement-breakpoint
CREATE INDEX "photo_faces_album_idx" ON "photo_faces" USING btree ("album_id");--> statement-breakpoint
CREATE INDEX "photo_faces_photo_idx" ON "photo_faces" USING btree ("photo_id");