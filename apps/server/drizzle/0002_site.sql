CREATE TABLE "notifications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"link" text,
	"level" text DEFAULT 'info' NOT NULL,
	"source" text,
	"record_id" uuid,
	"read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_banners" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"image" jsonb NOT NULL,
	"mobile_image" jsonb,
	"link_url" text,
	"cta_label" text,
	"placement" text DEFAULT 'home' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"unpublish_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_banners_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_blog_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "site_blog_categories_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_blogs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text,
	"body" text DEFAULT '' NOT NULL,
	"cover_image" jsonb,
	"author_name" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"category_id" uuid,
	"featured" boolean DEFAULT false NOT NULL,
	"reading_minutes" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "site_blogs_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_career_applications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"position" text NOT NULL,
	"experience_years" integer,
	"current_company" text,
	"linkedin_url" text,
	"cover_letter" text,
	"cv_url" text,
	"cv_file_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	CONSTRAINT "site_career_applications_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_catalogue_downloads" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"catalogue_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"city" text,
	"profession" text DEFAULT 'other' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	CONSTRAINT "site_catalogue_downloads_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_catalogues" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"file_url" text NOT NULL,
	"file_name" text,
	"file_size" integer,
	"cover_image" jsonb,
	"language" text DEFAULT 'en' NOT NULL,
	"requires_details" boolean DEFAULT true NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_catalogues_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"image" jsonb,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "site_categories_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_cities" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_id" uuid,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "site_cities_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_contact_details" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'branch' NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"country" text,
	"postal_code" text,
	"phone" text,
	"email" text,
	"whatsapp" text,
	"map_url" text,
	"latitude" double precision,
	"longitude" double precision,
	"opening_hours" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "site_contact_details_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_contact_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"subject" text,
	"message" text NOT NULL,
	"source_page" text,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	CONSTRAINT "site_contact_messages_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_countries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"dial_code" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "site_countries_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_design_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"city" text,
	"project_type" text DEFAULT 'other' NOT NULL,
	"project_area" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	CONSTRAINT "site_design_requests_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_documents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"file_url" text NOT NULL,
	"file_name" text,
	"type" text DEFAULT 'other' NOT NULL,
	"downloadable" boolean DEFAULT true NOT NULL,
	"product_id" uuid,
	"download_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_documents_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_event_registrations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"attendees" integer DEFAULT 1 NOT NULL,
	"message" text,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	CONSTRAINT "site_event_registrations_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"summary" text,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"venue" text,
	"address" text,
	"city" text,
	"cover_image" jsonb,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"past_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registration_open" boolean DEFAULT true NOT NULL,
	"capacity" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "site_events_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_investor_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "site_investor_categories_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_investor_documents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" uuid,
	"subcategory_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"file_url" text NOT NULL,
	"file_name" text,
	"financial_year" text,
	"published_on" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_investor_documents_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_investor_subcategories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "site_investor_subcategories_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_product_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"image" jsonb,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "site_product_categories_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_product_subcategories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"image" jsonb,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "site_product_subcategories_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_products" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"summary" text,
	"description" text DEFAULT '' NOT NULL,
	"specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" uuid,
	"subcategory_id" uuid,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "site_products_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_project_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "site_project_categories_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_projects" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"category_id" uuid,
	"client_name" text,
	"architect" text,
	"location" text,
	"city" text,
	"country" text,
	"completed_on" date,
	"summary" text,
	"description" text DEFAULT '' NOT NULL,
	"cover_image" jsonb,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_ids" uuid[] DEFAULT '{}' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "site_projects_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_states" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"country_id" uuid,
	"name" text NOT NULL,
	"code" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "site_states_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_subcategories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"image" jsonb,
	"seo_title" text,
	"seo_description" text,
	CONSTRAINT "site_subcategories_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "site_subscribers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"subscribed" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'console' NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "site_subscribers_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_updated_idx" ON "notifications" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "notifications_read_idx" ON "notifications" USING btree ("tenant_id","read","created_at");--> statement-breakpoint
CREATE INDEX "notifications_level_idx" ON "notifications" USING btree ("tenant_id","level");--> statement-breakpoint
CREATE INDEX "notifications_source_idx" ON "notifications" USING btree ("tenant_id","source","created_at");--> statement-breakpoint
CREATE INDEX "site_banners_created_idx" ON "site_banners" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_banners_updated_idx" ON "site_banners" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "site_banners_status_idx" ON "site_banners" USING btree ("tenant_id","status","publish_at");--> statement-breakpoint
CREATE INDEX "site_banners_placement_idx" ON "site_banners" USING btree ("tenant_id","placement","sort_order");--> statement-breakpoint
CREATE INDEX "site_banners_sort_idx" ON "site_banners" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_banners_title_idx" ON "site_banners" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "site_banners_publish_idx" ON "site_banners" USING btree ("tenant_id","publish_at","id");--> statement-breakpoint
CREATE INDEX "site_blog_categories_created_idx" ON "site_blog_categories" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_blog_categories_updated_idx" ON "site_blog_categories" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_blog_categories_slug_uq" ON "site_blog_categories" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_blog_categories_name_idx" ON "site_blog_categories" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_blog_categories_sort_idx" ON "site_blog_categories" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_blog_categories_active_idx" ON "site_blog_categories" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_blogs_created_idx" ON "site_blogs" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_blogs_updated_idx" ON "site_blogs" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_blogs_slug_uq" ON "site_blogs" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_blogs_status_idx" ON "site_blogs" USING btree ("tenant_id","status","publish_at");--> statement-breakpoint
CREATE INDEX "site_blogs_category_idx" ON "site_blogs" USING btree ("tenant_id","category_id","publish_at");--> statement-breakpoint
CREATE INDEX "site_blogs_featured_idx" ON "site_blogs" USING btree ("tenant_id","featured");--> statement-breakpoint
CREATE INDEX "site_blogs_title_idx" ON "site_blogs" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "site_blogs_publish_idx" ON "site_blogs" USING btree ("tenant_id","publish_at","id");--> statement-breakpoint
CREATE INDEX "site_career_applications_created_idx" ON "site_career_applications" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_career_applications_updated_idx" ON "site_career_applications" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "site_career_applications_status_idx" ON "site_career_applications" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "site_career_applications_name_idx" ON "site_career_applications" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_career_applications_email_idx" ON "site_career_applications" USING btree ("tenant_id","email","id");--> statement-breakpoint
CREATE INDEX "site_career_applications_position_idx" ON "site_career_applications" USING btree ("tenant_id","position");--> statement-breakpoint
CREATE INDEX "site_catalogue_downloads_created_idx" ON "site_catalogue_downloads" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_catalogue_downloads_updated_idx" ON "site_catalogue_downloads" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "site_catalogue_downloads_status_idx" ON "site_catalogue_downloads" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "site_catalogue_downloads_name_idx" ON "site_catalogue_downloads" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_catalogue_downloads_email_idx" ON "site_catalogue_downloads" USING btree ("tenant_id","email","id");--> statement-breakpoint
CREATE INDEX "site_catalogue_downloads_catalogue_idx" ON "site_catalogue_downloads" USING btree ("tenant_id","catalogue_id");--> statement-breakpoint
CREATE INDEX "site_catalogue_downloads_profession_idx" ON "site_catalogue_downloads" USING btree ("tenant_id","profession");--> statement-breakpoint
CREATE INDEX "site_catalogues_created_idx" ON "site_catalogues" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_catalogues_updated_idx" ON "site_catalogues" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_catalogues_slug_uq" ON "site_catalogues" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_catalogues_status_idx" ON "site_catalogues" USING btree ("tenant_id","status","publish_at");--> statement-breakpoint
CREATE INDEX "site_catalogues_language_idx" ON "site_catalogues" USING btree ("tenant_id","language");--> statement-breakpoint
CREATE INDEX "site_catalogues_title_idx" ON "site_catalogues" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "site_catalogues_sort_idx" ON "site_catalogues" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_catalogues_publish_idx" ON "site_catalogues" USING btree ("tenant_id","publish_at","id");--> statement-breakpoint
CREATE INDEX "site_categories_created_idx" ON "site_categories" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_categories_updated_idx" ON "site_categories" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_categories_slug_uq" ON "site_categories" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_categories_name_idx" ON "site_categories" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_categories_sort_idx" ON "site_categories" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_categories_active_idx" ON "site_categories" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_cities_created_idx" ON "site_cities" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_cities_updated_idx" ON "site_cities" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "site_cities_state_idx" ON "site_cities" USING btree ("tenant_id","state_id","name");--> statement-breakpoint
CREATE INDEX "site_cities_name_idx" ON "site_cities" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_cities_active_idx" ON "site_cities" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_contact_details_created_idx" ON "site_contact_details" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_contact_details_updated_idx" ON "site_contact_details" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "site_contact_details_type_idx" ON "site_contact_details" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "site_contact_details_active_idx" ON "site_contact_details" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_contact_details_name_idx" ON "site_contact_details" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_contact_details_sort_idx" ON "site_contact_details" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_contact_messages_created_idx" ON "site_contact_messages" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_contact_messages_updated_idx" ON "site_contact_messages" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "site_contact_messages_status_idx" ON "site_contact_messages" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "site_contact_messages_name_idx" ON "site_contact_messages" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_contact_messages_email_idx" ON "site_contact_messages" USING btree ("tenant_id","email","id");--> statement-breakpoint
CREATE INDEX "site_countries_created_idx" ON "site_countries" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_countries_updated_idx" ON "site_countries" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_countries_code_uq" ON "site_countries" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "site_countries_name_idx" ON "site_countries" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_countries_sort_idx" ON "site_countries" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_countries_active_idx" ON "site_countries" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_design_requests_created_idx" ON "site_design_requests" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_design_requests_updated_idx" ON "site_design_requests" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "site_design_requests_status_idx" ON "site_design_requests" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "site_design_requests_name_idx" ON "site_design_requests" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_design_requests_email_idx" ON "site_design_requests" USING btree ("tenant_id","email","id");--> statement-breakpoint
CREATE INDEX "site_design_requests_type_idx" ON "site_design_requests" USING btree ("tenant_id","project_type");--> statement-breakpoint
CREATE INDEX "site_documents_created_idx" ON "site_documents" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_documents_updated_idx" ON "site_documents" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "site_documents_status_idx" ON "site_documents" USING btree ("tenant_id","status","publish_at");--> statement-breakpoint
CREATE INDEX "site_documents_type_idx" ON "site_documents" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "site_documents_downloadable_idx" ON "site_documents" USING btree ("tenant_id","downloadable");--> statement-breakpoint
CREATE INDEX "site_documents_product_idx" ON "site_documents" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "site_documents_title_idx" ON "site_documents" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "site_documents_sort_idx" ON "site_documents" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_event_registrations_created_idx" ON "site_event_registrations" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_event_registrations_updated_idx" ON "site_event_registrations" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "site_event_registrations_status_idx" ON "site_event_registrations" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "site_event_registrations_name_idx" ON "site_event_registrations" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_event_registrations_email_idx" ON "site_event_registrations" USING btree ("tenant_id","email","id");--> statement-breakpoint
CREATE INDEX "site_event_registrations_event_idx" ON "site_event_registrations" USING btree ("tenant_id","event_id");--> statement-breakpoint
CREATE INDEX "site_events_created_idx" ON "site_events" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_events_updated_idx" ON "site_events" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_events_slug_uq" ON "site_events" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_events_status_idx" ON "site_events" USING btree ("tenant_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "site_events_starts_idx" ON "site_events" USING btree ("tenant_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "site_events_registration_idx" ON "site_events" USING btree ("tenant_id","registration_open");--> statement-breakpoint
CREATE INDEX "site_events_title_idx" ON "site_events" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "site_investor_categories_created_idx" ON "site_investor_categories" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_investor_categories_updated_idx" ON "site_investor_categories" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_investor_categories_slug_uq" ON "site_investor_categories" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_investor_categories_name_idx" ON "site_investor_categories" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_investor_categories_sort_idx" ON "site_investor_categories" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_investor_categories_active_idx" ON "site_investor_categories" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_investor_documents_created_idx" ON "site_investor_documents" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_investor_documents_updated_idx" ON "site_investor_documents" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "site_investor_documents_category_idx" ON "site_investor_documents" USING btree ("tenant_id","category_id","sort_order");--> statement-breakpoint
CREATE INDEX "site_investor_documents_subcategory_idx" ON "site_investor_documents" USING btree ("tenant_id","subcategory_id","sort_order");--> statement-breakpoint
CREATE INDEX "site_investor_documents_status_idx" ON "site_investor_documents" USING btree ("tenant_id","status","publish_at");--> statement-breakpoint
CREATE INDEX "site_investor_documents_year_idx" ON "site_investor_documents" USING btree ("tenant_id","financial_year");--> statement-breakpoint
CREATE INDEX "site_investor_documents_title_idx" ON "site_investor_documents" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "site_investor_documents_published_idx" ON "site_investor_documents" USING btree ("tenant_id","published_on","id");--> statement-breakpoint
CREATE INDEX "site_investor_documents_sort_idx" ON "site_investor_documents" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_investor_subcategories_created_idx" ON "site_investor_subcategories" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_investor_subcategories_updated_idx" ON "site_investor_subcategories" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_investor_subcategories_slug_uq" ON "site_investor_subcategories" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_investor_subcategories_name_idx" ON "site_investor_subcategories" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_investor_subcategories_sort_idx" ON "site_investor_subcategories" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_investor_subcategories_active_idx" ON "site_investor_subcategories" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_investor_subcategories_category_idx" ON "site_investor_subcategories" USING btree ("tenant_id","category_id","sort_order");--> statement-breakpoint
CREATE INDEX "site_product_categories_created_idx" ON "site_product_categories" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_product_categories_updated_idx" ON "site_product_categories" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_product_categories_slug_uq" ON "site_product_categories" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_product_categories_name_idx" ON "site_product_categories" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_product_categories_sort_idx" ON "site_product_categories" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_product_categories_active_idx" ON "site_product_categories" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_product_subcategories_created_idx" ON "site_product_subcategories" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_product_subcategories_updated_idx" ON "site_product_subcategories" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_product_subcategories_slug_uq" ON "site_product_subcategories" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_product_subcategories_name_idx" ON "site_product_subcategories" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_product_subcategories_sort_idx" ON "site_product_subcategories" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_product_subcategories_active_idx" ON "site_product_subcategories" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_product_subcategories_category_idx" ON "site_product_subcategories" USING btree ("tenant_id","category_id","sort_order");--> statement-breakpoint
CREATE INDEX "site_products_created_idx" ON "site_products" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_products_updated_idx" ON "site_products" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_products_code_uq" ON "site_products" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "site_products_slug_uq" ON "site_products" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_products_status_idx" ON "site_products" USING btree ("tenant_id","status","publish_at");--> statement-breakpoint
CREATE INDEX "site_products_category_idx" ON "site_products" USING btree ("tenant_id","category_id","sort_order","name");--> statement-breakpoint
CREATE INDEX "site_products_subcategory_idx" ON "site_products" USING btree ("tenant_id","subcategory_id","sort_order","name");--> statement-breakpoint
CREATE INDEX "site_products_featured_idx" ON "site_products" USING btree ("tenant_id","featured");--> statement-breakpoint
CREATE INDEX "site_products_name_idx" ON "site_products" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_products_sort_idx" ON "site_products" USING btree ("tenant_id","sort_order","name","id");--> statement-breakpoint
CREATE INDEX "site_products_publish_idx" ON "site_products" USING btree ("tenant_id","publish_at","id");--> statement-breakpoint
CREATE INDEX "site_project_categories_created_idx" ON "site_project_categories" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_project_categories_updated_idx" ON "site_project_categories" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_project_categories_slug_uq" ON "site_project_categories" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_project_categories_name_idx" ON "site_project_categories" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_project_categories_sort_idx" ON "site_project_categories" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_project_categories_active_idx" ON "site_project_categories" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_projects_created_idx" ON "site_projects" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_projects_updated_idx" ON "site_projects" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_projects_slug_uq" ON "site_projects" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_projects_status_idx" ON "site_projects" USING btree ("tenant_id","status","publish_at");--> statement-breakpoint
CREATE INDEX "site_projects_category_idx" ON "site_projects" USING btree ("tenant_id","category_id","sort_order");--> statement-breakpoint
CREATE INDEX "site_projects_featured_idx" ON "site_projects" USING btree ("tenant_id","featured");--> statement-breakpoint
CREATE INDEX "site_projects_title_idx" ON "site_projects" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "site_projects_sort_idx" ON "site_projects" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_projects_completed_idx" ON "site_projects" USING btree ("tenant_id","completed_on","id");--> statement-breakpoint
CREATE INDEX "site_projects_publish_idx" ON "site_projects" USING btree ("tenant_id","publish_at","id");--> statement-breakpoint
CREATE INDEX "site_states_created_idx" ON "site_states" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_states_updated_idx" ON "site_states" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "site_states_country_idx" ON "site_states" USING btree ("tenant_id","country_id","name");--> statement-breakpoint
CREATE INDEX "site_states_name_idx" ON "site_states" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_states_active_idx" ON "site_states" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_subcategories_created_idx" ON "site_subcategories" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_subcategories_updated_idx" ON "site_subcategories" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_subcategories_slug_uq" ON "site_subcategories" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "site_subcategories_name_idx" ON "site_subcategories" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "site_subcategories_sort_idx" ON "site_subcategories" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_subcategories_active_idx" ON "site_subcategories" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "site_subcategories_category_idx" ON "site_subcategories" USING btree ("tenant_id","category_id","sort_order");--> statement-breakpoint
CREATE INDEX "site_subscribers_created_idx" ON "site_subscribers" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "site_subscribers_updated_idx" ON "site_subscribers" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_subscribers_email_uq" ON "site_subscribers" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "site_subscribers_subscribed_idx" ON "site_subscribers" USING btree ("tenant_id","subscribed","created_at");--> statement-breakpoint
CREATE INDEX "site_subscribers_source_idx" ON "site_subscribers" USING btree ("tenant_id","source");