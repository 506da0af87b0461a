CREATE TABLE "fonts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"generic_family" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_product_id" text NOT NULL,
	"provider_price_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"billing_type" text NOT NULL,
	"tier" text,
	"is_addon" boolean DEFAULT false NOT NULL,
	"addon_type" text,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_provider_product_id_unique" UNIQUE("provider_product_id"),
	CONSTRAINT "products_provider_price_id_unique" UNIQUE("provider_price_id")
);
