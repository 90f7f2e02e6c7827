CREATE TABLE "marketing_landing_pages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"template_key" text,
	"design" jsonb DEFAULT '{"blocks":[]}'::jsonb NOT NULL,
	"seo_title" text,
	"seo_description" text,
	"published_at" timestamp with time zone,
	"opens" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "marketing_landing_pages_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_landing_stats" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page_id" uuid NOT NULL,
	"day" date NOT NULL,
	"block_id" text DEFAULT '' NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "marketing_landing_stats_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "contact_us_messages" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "marketing_landing_stats" ADD CONSTRAINT "marketing_landing_stats_page_id_fk" FOREIGN KEY ("tenant_id","page_id") REFERENCES "public"."marketing_landing_pages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_landing_pages_created_idx" ON "marketing_landing_pages" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_landing_pages_updated_idx" ON "marketing_landing_pages" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_landing_pages_slug_uq" ON "marketing_landing_pages" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "marketing_landing_pages_status_idx" ON "marketing_landing_pages" USING btree ("tenant_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "marketing_landing_pages_name_idx" ON "marketing_landing_pages" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "marketing_landing_pages_opens_idx" ON "marketing_landing_pages" USING btree ("tenant_id","opens","id");--> statement-breakpoint
CREATE INDEX "marketing_landing_pages_published_idx" ON "marketing_landing_pages" USING btree ("tenant_id","published_at","id");--> statement-breakpoint
CREATE INDEX "marketing_landing_stats_created_idx" ON "marketing_landing_stats" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_landing_stats_updated_idx" ON "marketing_landing_stats" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_landing_stats_uq" ON "marketing_landing_stats" USING btree ("tenant_id","page_id","day","block_id");