CREATE TABLE "import_jobs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" text,
	"resource" text NOT NULL,
	"filename" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"mapping" jsonb NOT NULL,
	"dedupe_key" text,
	"csv" text,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" text,
	"columns" jsonb,
	CONSTRAINT "saved_views_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "import_jobs_created_idx" ON "import_jobs" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "import_jobs_updated_idx" ON "import_jobs" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "import_jobs_resource_idx" ON "import_jobs" USING btree ("tenant_id","resource","created_at");--> statement-breakpoint
CREATE INDEX "saved_views_created_idx" ON "saved_views" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "saved_views_updated_idx" ON "saved_views" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_name_uq" ON "saved_views" USING btree ("tenant_id","user_id","resource","name");--> statement-breakpoint
CREATE INDEX "saved_views_user_idx" ON "saved_views" USING btree ("tenant_id","user_id","resource","created_at");