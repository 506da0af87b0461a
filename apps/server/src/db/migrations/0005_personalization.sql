CREATE TABLE "albums" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"access_code" text NOT NULL,
	"package_snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "albums_customization_id_unique" UNIQUE("customization_id"),
	CONSTRAINT "albums_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "albums_access_code_unique" UNIQUE("access_code")
);
--> statement-breakpoint
CREATE TABLE "customizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"event_name" text DEFAULT '' NOT NULL,
	"event_date" date,
	"event_location" text DEFAULT '' NOT NULL,
	"event_description" text DEFAULT '' NOT NULL,
	"cover_image_url" text DEFAULT '' NOT NULL,
	"font_type" text DEFAULT 'Arial' NOT NULL,
	"font_height" integer DEFAULT 16 NOT NULL,
	"music_url" text DEFAULT '' NOT NULL,
	"enable_notices" boolean DEFAULT true NOT NULL,
	"enable_parejas" boolean,
	"enable_verification" boolean DEFAULT false NOT NULL,
	"enable_basic_analytics" boolean DEFAULT false NOT NULL,
	"enable_advanced_analytics" boolean DEFAULT false NOT NULL,
	"enable_bilingual" boolean DEFAULT false NOT NULL,
	"priority_support" boolean DEFAULT false NOT NULL,
	"enable_zip_download" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customizations_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "itinerary_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customization_id" uuid NOT NULL,
	"icon" text NOT NULL,
	"time" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_customization_id_customizations_id_fk" FOREIGN KEY ("customization_id") REFERENCES "public"."customizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customizations" ADD CONSTRAINT "customizations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customizations" ADD CONSTRAINT "customizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itinerary_entries" ADD CONSTRAINT "itinerary_entries_customization_id_customizations_id_fk" FOREIGN KEY ("customization_id") REFERENCES "public"."customizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customizations_user_idx" ON "customizations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "itinerary_customization_idx" ON "itinerary_entries" USING btree ("customization_id");