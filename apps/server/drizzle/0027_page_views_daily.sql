CREATE TABLE "page_views_daily" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"area" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_daily_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "page_views_daily_created_idx" ON "page_views_daily" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "page_views_daily_updated_idx" ON "page_views_daily" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "page_views_daily_uq" ON "page_views_daily" USING btree ("tenant_id","day","area");